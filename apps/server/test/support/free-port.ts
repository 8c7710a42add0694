import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The first port of the kernel's ephemeral range: outgoing connections (to PostgreSQL, to a
 * webhook receiver, from the test's own clients) take their local port from that range, so a
 * port chosen inside it can be taken between the check and the listen. CI failed that way
 * (EADDRINUSE on a port that listen(0) had just handed out).
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    const value = Number(low);
    if (Number.isInteger(value) && value > 12_000) return value;
  } catch {
    // not Linux: fall back to the IANA range's start
  }
  return 49_152;
}

const LOWEST = 10_000;

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port free right now on 127.0.0.1, below the ephemeral range and chosen at random so that
 * parallel test workers rarely meet. The app must know its public URL (cookies, redirects,
 * OAuth callback) before it listens, so tests pick the port first instead of listening on 0.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralStart() - 1;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    if (await tryListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

/** Whether an error is a listen on a port that something else took meanwhile. */
export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}
