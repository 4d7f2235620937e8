import { beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { memoryDb } from '../support/memoryDb.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;
let q: typeof import('#/server/qualifications.ts');
let dir: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const files = () => readdir(dir).catch(() => [] as string[]);

beforeAll(async () => {
  env = await memoryDb();
  q = await import('#/server/qualifications.ts');
  const { uploadsDir } = await import('#/server/config.ts');
  dir = path.join(uploadsDir(), 'licences');
}, 60_000);

describe('licence upload', () => {
  it('stores the file and its row together', async () => {
    const m = await env.member();
    const before = await files();
    const view = await q.addLicence(m.companyId, {
      type: 'drug_trade',
      number: '鄂AA0270999',
      expiresOn: '2030-01-01',
      bytes: PNG,
    });
    expect(view.file_url).toBe(`/api/user/zizhi/${view.id}/file`);
    expect((await files()).length).toBe(before.length + 1);
  });

  it('leaves no orphan file when the row cannot be written', async () => {
    const before = await files();
    // No such company: the foreign key refuses the row after the file was written.
    await expect(
      q.addLicence(99_999_999, {
        type: 'drug_trade',
        number: '鄂AA0270999',
        expiresOn: '2030-01-01',
        bytes: PNG,
      }),
    ).rejects.toThrow();
    expect(await files()).toEqual(before);
  });
});
