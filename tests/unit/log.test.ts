import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeLogger } from '#/server/log.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it('never carry passwords, tokens, SMS codes or cookies, wherever they sit', () => {
    const { lines, stream } = capture();
    const log = makeLogger(stream, 'info');
    log.info('login', {
      password: 'hunter22',
      token: 'abc',
      form: { sms_code: '123456', password_confirmation: 'hunter22' },
      headers: { cookie: 'yaopi_session=xyz' },
      username: 'demo',
    });
    const text = JSON.stringify(lines);
    for (const secret of ['hunter22', 'abc', '123456', 'xyz']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ msg: 'login', username: 'demo', level: 30 });
  });

  it('honours the level and writes one access line per request', () => {
    const { lines, stream } = capture();
    const log = makeLogger(stream, 'warn');
    log.info('quiet');
    log.access({ id: 'r1', method: 'GET', path: '/list', status: 200, ms: 3 });
    log.warn('loud');
    expect(lines.map((l) => l['msg'])).toEqual(['loud']);
    const info = capture();
    makeLogger(info.stream, 'info').access({
      id: 'r1',
      method: 'GET',
      path: '/list',
      status: 200,
      ms: 3,
    });
    expect(info.lines[0]).toMatchObject({ kind: 'access', id: 'r1', status: 200, path: '/list' });
  });

  it("keep a failed query's SQL short and never its parameters", () => {
    const { lines, stream } = capture();
    const sql = `update accounts set password_hash = $1, phone = $2 where id in (${Array.from({ length: 500 }, (_, i) => `$${i + 3}`).join(', ')})`;
    const cause = Object.assign(
      new Error('database "shop" is not currently accepting connections'),
      {
        code: '57000',
      },
    );
    const error = new DrizzleQueryError(sql, ['scrypt$secret-hash', '13912345678', 7], cause);
    makeLogger(stream, 'info').error('export failed', { error });
    const text = JSON.stringify(lines);
    for (const leaked of ['secret-hash', '13912345678', '$400']) expect(text).not.toContain(leaked);
    const logged = lines[0]!['error'] as Record<string, string>;
    expect(logged['message']).toBe(`Failed query: ${sql.slice(0, 200)}…`);
    expect(logged['stack']).toContain('not currently accepting connections');
    expect(text.length).toBeLessThan(4000);
  });
});
