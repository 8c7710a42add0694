/**
 * The part of a WebSocket the sync client uses. Both the browser's WebSocket and the `ws`
 * package (Node simulations) satisfy it as they are.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}

// Method syntax makes the parameter bivariant, so a handler typed for the richer event classes
// (MessageEvent, CloseEvent, ws's own) fits.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

export type CreateSocket = (url: string) => WebSocketLike;

export const SOCKET_OPEN = 1;

/** The sync endpoint on the page's own origin (the browser sends the session cookie). */
export function defaultSyncUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/v1/sync`;
}

/** Text of a message event; `ws` may hand over a Buffer for text frames in older versions. */
export function messageText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return null;
}
