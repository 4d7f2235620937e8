// A port for a server that another process will start, so it cannot be taken with listen(0).
import { readFileSync } from 'node:fs';
import net from 'node:net';

const LOWEST = 10_000;

/**
 * The kernel hands out ports in ip_local_port_range to every outgoing connection (database
 * clients, HTTP clients of parallel tests), so a port found free there can be taken as a
 * connection's local end before the child listens on it: EADDRINUSE. Ports below that range are
 * only ever taken by a listen, so a free one stays free unless another server picks it.
 */
function unassignedRange() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && low - LOWEST >= 1_000) return { from: LOWEST, to: low };
  } catch {
    // Not Linux: the kernel's own choice below.
  }
  return null;
}

const listensOn = (port) =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address();
      srv.close(() => resolve(bound));
    });
  });

/** @returns {Promise<number>} a port on 127.0.0.1 that nothing listens on now. */
export async function freePort() {
  const range = unassignedRange();
  if (range) {
    for (let tries = 0; tries < 50; tries++) {
      const port = range.from + Math.floor(Math.random() * (range.to - range.from));
      const bound = await listensOn(port);
      if (bound) return bound;
    }
  }
  return /** @type {Promise<number>} */ (listensOn(0));
}
