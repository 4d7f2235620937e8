import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  buildIndexInSlices,
  searchIds,
  suggest,
  type IndexRow,
} from '#/server/search/matcher.ts';
import { pinyinKeys } from '#/lib/pinyinKeys.ts';

let nextId = 1;
function row(name: string, sccj: string, sales: number, extra: Partial<IndexRow> = {}): IndexRow {
  const n = pinyinKeys(name);
  const m = pinyinKeys(sccj);
  const trade = extra.tradeName ?? '';
  return {
    id: nextId++,
    name,
    tradeName: trade,
    sccj,
    spec: '0.25g*24粒',
    sales,
    approvalNo: '',
    nameInitials: n.initials,
    namePinyin: n.full,
    tradeInitials: trade ? pinyinKeys(trade).initials : '',
    tradePinyin: trade ? pinyinKeys(trade).full : '',
    sccjInitials: m.initials,
    sccjPinyin: m.full,
    ...extra,
  };
}

const rows = [
  row('阿莫西林胶囊', '华北制药股份有限公司', 100, { approvalNo: '国药准字H13023964' }),
  row('阿莫西林胶囊', '石药集团欧意药业有限公司', 900),
  row('阿莫西林克拉维酸钾片', '华北制药股份有限公司', 50),
  row('复方阿莫西林颗粒', '哈药集团制药总厂', 5000),
  row('布洛芬缓释胶囊', '中美天津史克制药有限公司', 3000, { tradeName: '芬必得' }),
  row('板蓝根颗粒', '白云山和记黄埔中药有限公司', 20),
  row('阿司匹林肠溶片', '拜耳医药保健有限公司', 10, { approvalNo: '国药准字J20171021' }),
];
const index = buildIndex(rows);
const names = (ids: number[]) => ids.map((id) => rows.find((r) => r.id === id)!.name);

describe('pinyin keys', () => {
  it('stores initials and full pinyin', () => {
    expect(pinyinKeys('阿莫西林胶囊')).toEqual({ initials: 'amxljn', full: 'amoxilinjiaonang' });
  });
});

describe('drug search', () => {
  it('matches pinyin initials, prefix before contains, sales within a rank', () => {
    expect(names(searchIds(index, 'drug', 'amxl'))).toEqual([
      '阿莫西林胶囊',
      '阿莫西林胶囊',
      '阿莫西林克拉维酸钾片',
      '复方阿莫西林颗粒',
    ]);
    // within the prefix rank, higher sales first
    const [first, second] = searchIds(index, 'drug', 'amxljn');
    expect(rows.find((r) => r.id === first)!.sales).toBe(900);
    expect(rows.find((r) => r.id === second)!.sales).toBe(100);
  });

  it('ranks an exact name before prefixes', () => {
    expect(names(searchIds(index, 'drug', '阿莫西林胶囊')).slice(0, 2)).toEqual([
      '阿莫西林胶囊',
      '阿莫西林胶囊',
    ]);
    expect(names(searchIds(index, 'drug', '阿莫西林'))).toContain('复方阿莫西林颗粒');
    expect(names(searchIds(index, 'drug', '阿莫西林')).at(-1)).toBe('复方阿莫西林颗粒');
  });

  it('serves one and two letters by prefix only', () => {
    expect(names(searchIds(index, 'drug', 'a'))).toEqual([
      '阿莫西林胶囊',
      '阿莫西林胶囊',
      '阿莫西林克拉维酸钾片',
      '阿司匹林肠溶片',
    ]);
    expect(names(searchIds(index, 'drug', 'bl'))).toEqual(['布洛芬缓释胶囊', '板蓝根颗粒']);
  });

  it('matches full pinyin, trade names and approval numbers', () => {
    expect(names(searchIds(index, 'drug', 'buluofen'))).toEqual(['布洛芬缓释胶囊']);
    expect(names(searchIds(index, 'drug', '芬必得'))).toEqual(['布洛芬缓释胶囊']);
    expect(names(searchIds(index, 'drug', 'fbd'))).toEqual(['布洛芬缓释胶囊']);
    expect(names(searchIds(index, 'drug', 'H1302'))).toEqual(['阿莫西林胶囊']);
    expect(names(searchIds(index, 'drug', '国药准字J2017'))).toEqual(['阿司匹林肠溶片']);
  });

  it('is case- and space-insensitive and empty for blank or unknown input', () => {
    expect(searchIds(index, 'drug', ' AMXL ')).toEqual(searchIds(index, 'drug', 'amxl'));
    expect(searchIds(index, 'drug', '   ')).toEqual([]);
    expect(searchIds(index, 'drug', 'zzzz')).toEqual([]);
  });
});

describe('manufacturer search', () => {
  it('matches the manufacturer name and its initials', () => {
    expect(names(searchIds(index, 'manufacturer', 'hbzy'))).toEqual([
      '阿莫西林胶囊',
      '阿莫西林克拉维酸钾片',
    ]);
    expect(names(searchIds(index, 'manufacturer', '华北制药'))).toHaveLength(2);
    expect(searchIds(index, 'manufacturer', 'amxl')).toEqual([]);
  });
});

describe('suggestions', () => {
  it('gives at most the limit with name, sccj and spec', () => {
    const s = suggest(index, 'drug', 'a', 2);
    expect(s).toHaveLength(2);
    expect(s[0]).toMatchObject({
      name: '阿莫西林胶囊',
      sccj: '石药集团欧意药业有限公司',
      ypgg: '0.25g*24粒',
    });
    expect(suggest(index, 'drug', 'bl', 10)[0]!.name).toBe('布洛芬缓释胶囊（芬必得）');
  });

  it('suggests each manufacturer once, by its best seller, in manufacturer mode', () => {
    const s = suggest(index, 'manufacturer', 'h', 10);
    expect(s.map((x) => x.sccj)).toEqual(['哈药集团制药总厂', '华北制药股份有限公司']);
    expect(s[1]).toMatchObject({ name: '阿莫西林胶囊', highlight: '华北制药股份有限公司' });
  });
});

describe('an index rebuilt in slices', () => {
  it('lets other work run between slices and finds what the whole build finds', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) =>
      row(i % 3 ? '阿莫西林胶囊' : '板蓝根颗粒', `制药厂${i % 40}`, (i * 7919) % 1000, {
        approvalNo: `国药准字H${20000000 + ((i * 7) % 12_000)}`,
      }),
    );
    let pauses = 0;
    const sliced = await buildIndexInSlices(many, async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThan(10);
    const whole = buildIndex(many);
    expect(sliced).toEqual(whole);
    expect(searchIds(sliced, 'drug', 'blg')).toEqual(searchIds(whole, 'drug', 'blg'));
    expect(searchIds(sliced, 'drug', 'h2000')).toEqual(searchIds(whole, 'drug', 'h2000'));
  });
});
