interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires: number | null;
}

function parseSetCookie(header: string, requestPath: string): StoredCookie | null {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const cookie: StoredCookie = {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    path: requestPath.replace(/\/[^/]*$/, '') || '/',
    expires: null,
  };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value || '/';
        break;
      case 'max-age':
        cookie.expires = Date.now() + Number(value) * 1000;
        break;
      case 'expires':
        cookie.expires ??= Date.parse(value);
        break;
    }
  }
  return cookie;
}

/**
 * A browser-like cookie store for fetch in tests: cookies per host (like browsers, ports are
 * ignored) and path, Set-Cookie honoured including deletion, and an Origin header on unsafe
 * requests as a browser's fetch would send (better-auth checks it once cookies are present).
 * Redirects are never followed implicitly: use follow() to walk them.
 */
export class CookieJar {
  private readonly store = new Map<string, StoredCookie[]>();

  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  cookieHeader(url: URL): string {
    const now = Date.now();
    return (this.store.get(url.hostname) ?? [])
      .filter((c) => (c.expires === null || c.expires > now) && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(host: string, name: string): string | undefined {
    return this.store.get(host)?.find((c) => c.name === name)?.value;
  }

  names(host: string): string[] {
    return (this.store.get(host) ?? []).map((c) => c.name);
  }

  async fetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(this.extraHeaders);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    const cookies = this.cookieHeader(url);
    if (cookies) headers.set('cookie', cookies);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) {
      headers.set('origin', url.origin);
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(url, response.headers.getSetCookie());
    return response;
  }

  /** POST/PUT/... a JSON body. */
  json(input: string | URL, body: unknown, method = 'POST'): Promise<Response> {
    return this.fetch(input, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Follows redirects like a browser (303 and 302 after POST turn into GET). */
  async follow(
    input: string | URL,
    init: RequestInit = {},
    maxHops = 20,
  ): Promise<{ response: Response; url: URL; chain: string[] }> {
    let url = new URL(input);
    let request = init;
    const chain = [url.toString()];
    for (let hop = 0; hop <= maxHops; hop++) {
      const response = await this.fetch(url, request);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { response, url, chain };
      }
      await response.arrayBuffer();
      url = new URL(location, url);
      chain.push(url.toString());
      const keepMethod = response.status === 307 || response.status === 308;
      request = keepMethod ? request : {};
    }
    throw new Error(`too many redirects: ${chain.join(' -> ')}`);
  }

  private remember(url: URL, setCookies: string[]): void {
    const list = this.store.get(url.hostname) ?? [];
    for (const header of setCookies) {
      const cookie = parseSetCookie(header, url.pathname);
      if (!cookie) continue;
      const rest = list.filter((c) => !(c.name === cookie.name && c.path === cookie.path));
      const expired = cookie.expires !== null && cookie.expires <= Date.now();
      list.splice(0, list.length, ...rest, ...(expired ? [] : [cookie]));
    }
    this.store.set(url.hostname, list);
  }
}
