import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create({ dataDir: '/tmp/d100k-copy/pglite', extensions: { pg_trgm } });
const q = `select * from gsp_documents where (goods_id = $1 and lot_id is null) or lot_id = any($2::int[]) order by id`;
const lots = await db.query('select id, goods_id from goods_lots order by id limit 3000');
const byGoods = new Map();
for (const r of lots.rows) byGoods.set(r.goods_id, [...(byGoods.get(r.goods_id) ?? []), r.id]);
const ids = [...byGoods.keys()];
const N = 3000;
async function run(label, f) {
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    const g = ids[i % ids.length];
    await f(g, `{${byGoods.get(g).join(',')}}`);
  }
  console.log(label, (((performance.now() - t) / N) * 1000).toFixed(0), 'µs/query');
}
await run('extended (unnamed)', (g, l) => db.query(q, [g, l]));
await db.exec(`prepare gsp_box(int, int[]) as ${q.replace('$2::int[]', '$2')}`);
await run('EXECUTE with params', (g, l) => db.query('execute gsp_box($1, $2)', [g, l]));
await run('EXECUTE literal', (g, l) => db.query(`execute gsp_box(${g}, '${l}')`));
await run('extended (unnamed) again', (g, l) => db.query(q, [g, l]));
await run('EXECUTE with params again', (g, l) => db.query('execute gsp_box($1, $2)', [g, l]));
await db.close();
