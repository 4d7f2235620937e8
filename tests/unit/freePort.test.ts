import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/freePort.mjs';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });

describe('freePort', () => {
  it('answers a port a server can listen on, outside the range outgoing connections take', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low as number);
      const srv = await listen(port);
      await new Promise((r) => srv.close(r));
    }
  });

  it('never answers a port a server already listens on', async () => {
    const taken = await Promise.all(
      Array.from({ length: 20 }, async () => listen(await freePort())),
    );
    const busy = new Set(taken.map((s) => (s.address() as net.AddressInfo).port));
    for (let i = 0; i < 50; i++) expect(busy.has(await freePort())).toBe(false);
    await Promise.all(taken.map((s) => new Promise((r) => s.close(r))));
  });
});
