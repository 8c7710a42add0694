import type { FastifyRequest } from 'fastify';

/**
 * The path and query of a request target. Node keeps an absolute-form target
 * (`GET http://host/path HTTP/1.1`, RFC 9112 section 3.2.2) in `req.url` as sent, and Fastify
 * routes it by its path; the host in it is the client's choice and never counts. Null when the
 * target cannot be read as a URL at all.
 */
export function originFormTarget(url: string): string | null {
  // A path, including one like //other.host/..., which must stay a path.
  if (url.startsWith('/')) return url;
  try {
    const absolute = new URL(url);
    return `${absolute.pathname}${absolute.search}`;
  } catch {
    return null;
  }
}

/**
 * The request's headers as Web API Headers (repeated headers kept), minus `dropped`. An HTTP/2
 * request's pseudo-headers (`:method`, `:path`, ...) are no header names a Headers object takes;
 * its `:authority` is the HTTP/1.1 `Host` (RFC 9113 section 8.3.1).
 */
export function webHeaders(req: FastifyRequest, dropped: ReadonlySet<string> = new Set()): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || dropped.has(name) || name.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const authority = req.headers[':authority'];
  if (!headers.has('host') && typeof authority === 'string' && !dropped.has('host')) {
    headers.set('host', authority);
  }
  return headers;
}
