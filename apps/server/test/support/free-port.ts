import net from 'node:net';

/**
 * A port free right now on 127.0.0.1. The app must know its public URL (cookies, redirects,
 * OAuth callback) before it listens, so tests pick the port first instead of listening on 0.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}
