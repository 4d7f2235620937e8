// The demo reads like a real shop: combination packs and themed zones hold goods of their theme
// (the seed picks them by category and drug class), judged through the pages and goods details.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const visitor = new Client();
const DRUGS = ['rx', 'otc_a', 'otc_b'];

async function detail(id: number) {
  const r = await visitor.get(`/api/goods/detail/${id}`);
  expect(r.status).toBe(200);
  return r.body.data;
}

/** The combinations on /zhzq: name and item goods ids. */
async function combinations(): Promise<Map<string, number[]>> {
  const html: string = (await visitor.get('/zhzq')).body;
  const blocks = html.split('data-testid="combination"').slice(1);
  return new Map(
    blocks.map((b) => [
      /<p class="font-semibold">([^<]+)<\/p>/.exec(b)![1]!,
      [...b.matchAll(/href="\/list\/info\/(\d+)/g)].map((m) => Number(m[1])),
    ]),
  );
}

describe('demo combinations and zones', () => {
  it('感冒组合装 holds cold, cough and fever medicines only; every pack has two or more goods', async () => {
    const combos = await combinations();
    expect(combos.size).toBeGreaterThanOrEqual(4);
    for (const [name, ids] of combos) expect(ids.length, name).toBeGreaterThanOrEqual(2);
    const cold = combos.get('感冒组合装')!;
    expect(cold).toBeDefined();
    for (const id of cold) {
      const g = await detail(id);
      expect(DRUGS, g.name).toContain(g.drug_class);
      expect(['解热镇痛', '呼吸系统', '抗感染药', '品牌OTC', '儿科'], g.name).toContain(
        g.category.parent,
      );
      expect(g.category.name, g.name).toMatch(/感冒|咳|痰|咽|退热|止痛|退烧|抗病毒/);
    }
    for (const id of combos.get('护理耗材组合') ?? [])
      expect((await detail(id)).drug_class, String(id)).toMatch(/^device_/);
  });

  it('慢病用药 holds chronic-disease drugs only: no walking aids, no supplements', async () => {
    const html: string = (await visitor.get('/zqmb')).body;
    const ids = [...html.matchAll(/data-testid="goods-card" data-goods-id="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(ids.length).toBeGreaterThanOrEqual(5);
    for (const id of ids) {
      const g = await detail(id);
      expect(DRUGS, g.name).toContain(g.drug_class);
      expect(['心脑血管', '内分泌', '慢病用药'], `${g.name} ${g.category.name}`).toContain(
        g.category.parent,
      );
    }
  });
});
