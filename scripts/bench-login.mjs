// Login latency (scrypt included): `node scripts/bench-login.mjs http://127.0.0.1:4321 [requests] [concurrency]`
// against a running shop with the demo seed. Prints p50/p95/max in ms.
const [base = 'http://127.0.0.1:4321', total = '60', concurrency = '2'] = process.argv.slice(2);
const body = new URLSearchParams({ username: 'demo', password: 'yaopi2026' }).toString();
const times = [];
let next = 0;

async function worker() {
  while (next < Number(total)) {
    next++;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/login`, {
      method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    times.push(performance.now() - t0);
  }
}

await fetch(`${base}/api/focus/common`); // warm up
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(1);
console.log(JSON.stringify({ endpoint: 'POST /api/login', requests: times.length, concurrency: Number(concurrency), p50_ms: Number(pct(50)), p95_ms: Number(pct(95)), max_ms: Number(times.at(-1).toFixed(1)) }));
