import { describe, expect, it } from 'vitest';
import { parseQuickLine } from '#/lib/quickLine.ts';

describe('parseQuickLine (/kjcg pasted lines)', () => {
  it.each([
    ['阿莫西林胶囊 10', { query: '阿莫西林胶囊', number: 10 }],
    ['YP000123\t5', { query: 'YP000123', number: 5 }],
    ['布洛芬缓释胶囊，3', { query: '布洛芬缓释胶囊', number: 3 }],
    ['板蓝根颗粒 x 2', { query: '板蓝根颗粒', number: 2 }],
    ['维生素C片', { query: '维生素C片', number: 1 }],
    ['YP000123', { query: 'YP000123', number: 1 }],
    ['维生素B12片 6', { query: '维生素B12片', number: 6 }],
    ['  ', null],
  ])('%j → %j', (raw, expected) => {
    expect(parseQuickLine(raw)).toEqual(expected);
  });
});
