import { vi } from 'vitest';

export interface FakeResponse {
  status: number;
  body?: unknown;
}

type Handler = (request: { method: string; body: unknown }) => FakeResponse;

/**
 * Replaces fetch with a table of "METHOD /path" -> answer and records every call, so a test
 * sees exactly what the page sent. Unknown paths answer 404 like the real server.
 */
export function fakeServer(routes: Record<string, FakeResponse | Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === 'function'
        ? route({ method, body })
        : (route ?? { status: 404, body: { error: { code: 'not_found' } } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
