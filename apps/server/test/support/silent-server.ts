import net, { type AddressInfo, type Socket } from 'node:net';

export interface SilentServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A TCP server on 127.0.0.1 that accepts connections and never says a word: a hung database
 * or SMTP server, as a host that is up but stuck looks to a client.
 */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
