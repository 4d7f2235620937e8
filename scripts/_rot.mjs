import autocannon from 'autocannon';
const base = 'http://127.0.0.1:24001';
const login = await fetch(base + '/api/login', {
  method: 'POST',
  headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
  body: 'username=demo&password=yaopi2026',
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
let n = 0;
const path = process.argv[2] ?? 'detail';
const r = await autocannon({
  url: base,
  connections: 10,
  duration: Number(process.argv[3] ?? 10),
  headers: { cookie },
  requests: [
    {
      setupRequest: (req) => ({
        ...req,
        path:
          path === 'detail'
            ? `/list/info/${1 + ((n++ * 7919) % 99000)}`
            : `/list?page=${1 + (n++ % 500)}`,
      }),
    },
  ],
});
console.log(
  path,
  Math.round(r.requests.average),
  'req/s p97.5',
  r.latency.p97_5,
  'non2xx',
  r.non2xx,
);
