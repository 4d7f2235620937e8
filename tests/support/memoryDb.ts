// A fresh in-memory PGlite for tests that call server modules directly (no HTTP server).
// The environment is set before the server modules are first imported, as config.ts reads it once.
export async function memoryDb() {
  process.env['DATA_DIR'] = 'memory://';
  delete process.env['DATABASE_URL'];
  const { getDb } = await import('#/server/db/client.ts');
  const schema = await import('#/server/db/schema/index.ts');
  const db = await getDb();
  let seq = 0;
  /** A login with one store; answers their ids. */
  async function member() {
    seq++;
    const [a] = await db
      .insert(schema.accounts)
      .values({
        username: `u${seq}`,
        phone: `1390000${String(seq).padStart(4, '0')}`,
        passwordHash: 'x',
      })
      .returning();
    const [c] = await db
      .insert(schema.companies)
      .values({ accountId: a!.id, name: `测试药房${seq}`, type: 'pharmacy', province: '湖北省' })
      .returning();
    return { accountId: a!.id, companyId: c!.id };
  }
  return { db, schema, member };
}
