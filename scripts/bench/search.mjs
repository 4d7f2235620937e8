// Search suggestions per query shape: the server's own time (Server-Timing) and the round trip.

const SHAPES = {
  '1-letter initials': ['a', 'b', 'x', 'h', 'l', 'q', 'z', 'f'],
  '2-letter initials': ['am', 'bl', 'gm', 'xy', 'hx', 'qr', 'zk', 'fm'],
  '4-letter initials': ['amxl', 'blfh', 'gmlk', 'lhqw', 'mtss', 'bxsl', 'xysp', 'tbkl'],
  '2-character Chinese': ['阿莫', '感冒', '维生', '板蓝', '头孢', '布洛', '黄芪', '口罩'],
  'manufacturer initials': ['hb', 'sy', 'hr', 'gz', 'tj', 'yn'],
};

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export async function benchSearchShapes(base, rounds = 40) {
  const t0 = performance.now();
  await (await fetch(`${base}/api/goods/search?keywords=a&type=1`)).arrayBuffer(); // loads the index
  const indexMs = performance.now() - t0;
  const rows = [];
  for (const [shape, words] of Object.entries(SHAPES)) {
    const server = [];
    const trip = [];
    const type = shape.startsWith('manufacturer') ? 2 : 1;
    for (let r = 0; r < rounds; r++) {
      for (const w of words) {
        const t = performance.now();
        const res = await fetch(
          `${base}/api/goods/search?keywords=${encodeURIComponent(w)}&type=${type}`,
        );
        await res.arrayBuffer();
        trip.push(performance.now() - t);
        server.push(
          Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN),
        );
      }
    }
    rows.push({
      shape,
      requests: server.length,
      serverP50: pct(server, 50),
      serverP95: pct(server, 95),
      tripP50: pct(trip, 50),
      tripP95: pct(trip, 95),
    });
  }
  return { indexMs, rows };
}
