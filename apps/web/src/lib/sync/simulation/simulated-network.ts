import WebSocket from 'ws';
import type { CreateSocket, WebSocketLike } from '../socket';

/**
 * One simulated device's network: sockets to the real server while online; while offline every
 * open socket is cut (as a dropped Wi-Fi would) and new ones fail at once.
 */
export class SimulatedNetwork {
  private isOnline = true;
  private readonly sockets = new Set<WebSocket>();
  private readonly onlineListeners = new Set<(online: boolean) => void>();

  constructor(private readonly cookie: string) {}

  get online(): boolean {
    return this.isOnline;
  }

  readonly createSocket: CreateSocket = (url) => {
    if (!this.isOnline) return failingSocket();
    const ws = new WebSocket(url, { headers: { cookie: this.cookie } });
    this.sockets.add(ws);
    ws.on('close', () => this.sockets.delete(ws));
    return ws as unknown as WebSocketLike;
  };

  readonly onlineEvents = (listener: (online: boolean) => void) => {
    this.onlineListeners.add(listener);
    return () => this.onlineListeners.delete(listener);
  };

  setOnline(online: boolean): void {
    if (online === this.isOnline) return;
    this.isOnline = online;
    if (!online) for (const ws of this.sockets) ws.terminate();
    for (const listener of [...this.onlineListeners]) listener(online);
  }

  closeAll(): void {
    for (const ws of this.sockets) ws.terminate();
  }
}

function failingSocket(): WebSocketLike {
  const socket: WebSocketLike = {
    readyState: 3,
    send: () => undefined,
    close: () => undefined,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  setTimeout(() => {
    socket.onerror?.({});
    socket.onclose?.({ code: 1006, reason: 'offline' });
  }, 0);
  return socket;
}
