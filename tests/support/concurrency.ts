// PostgreSQL fixtures for race tests: a goods with `stock` units in two lots and `n` approved,
// contract-signed buyers with sessions (written straight into the database).
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { Client } from './http.ts';

const tag = `${process.pid}${Date.now().toString(36)}`;
let fixtures = 0;

/** PostgreSQL only: a goods with `stock` units in two lots, and `n` approved buyers with sessions. */
export async function concurrencyFixture(db: pg.Pool, stock: number, n: number, base?: string) {
  const code = `CONC${tag}_${fixtures++}`;
  // The goods and its lots in one transaction: the server's read model polls the change log, and a
  // poll between the two would hold the goods with no stock for a poll's time (adding it to a cart
  // then answers "out of stock": a PostgreSQL run failed on that).
  const tx = await db.connect();
  let goodsId: number;
  try {
    await tx.query('BEGIN');
    goodsId = await insertGoods(tx, code, stock);
    await tx.query('COMMIT');
  } catch (error) {
    await tx.query('ROLLBACK');
    throw error;
  } finally {
    tx.release();
  }
  const clients: Client[] = [];
  const companyIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = await db.query(
      `INSERT INTO accounts (username, phone, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
      [`conc_${code}_${i}`, `p${code}_${i}`],
    );
    const c = await db.query(
      `INSERT INTO companies (account_id, name, type, province, is_passed, jyfw, contract_signed_at)
      VALUES ($1, $2, 'pharmacy', '湖北省', true, '{otc_a}', now()) RETURNING id`,
      [a.rows[0].id, `并发药房${i}`],
    );
    companyIds.push(c.rows[0].id);
    await db.query(
      `INSERT INTO addresses (company_id, consignee, phone, province, city, detail, is_default) VALUES ($1, '收货人', '13800000000', '湖北省', '武汉市', '珞喻路 1 号', true)`,
      [c.rows[0].id],
    );
    const token = randomBytes(24).toString('base64url');
    await db.query(
      `INSERT INTO sessions (token_hash, account_id, company_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), a.rows[0].id, c.rows[0].id],
    );
    const client = new Client(base);
    client.cookies.set('yaopi_session', token);
    clients.push(client);
  }
  return { goodsId, clients, companyIds };
}

/** A goods with `stock` units in two lots (the caller's transaction makes them appear together). */
async function insertGoods(q: pg.PoolClient, code: string, stock: number): Promise<number> {
  // Its own search keys: copying the first goods' keys would put it into that goods' search results.
  const g = await q.query(
    `
    INSERT INTO goods (code, name, spec, manufacturer_id, sccj, drug_class, bzdw, category_id, line, base_price, stock,
                       name_initials, name_pinyin, sccj_initials, sccj_pinyin)
    SELECT $1::text, '并发测试片', spec, manufacturer_id, sccj, 'otc_a', bzdw, category_id, line, 1000, 0,
           'bfcsp', 'bingfaceshipian', sccj_initials, sccj_pinyin FROM goods ORDER BY id LIMIT 1 RETURNING id`,
    [code],
  );
  const goodsId: number = g.rows[0].id;
  // goods.stock follows the lots (a trigger): inserting them gives the goods its stock.
  const first = Math.ceil(stock / 2);
  await q.query(
    `INSERT INTO goods_lots (goods_id, batch_no, produced_on, expires_on, stock)
    VALUES ($1, 'EARLY', '2026-01-01', '2027-06-30', $2), ($1, 'LATE', '2026-03-01', '2028-06-30', $3)`,
    [goodsId, first, stock - first],
  );
  return goodsId;
}
