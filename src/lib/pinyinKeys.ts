import { pinyin } from 'pinyin-pro';

export interface PinyinKeys {
  /** 阿莫西林胶囊 → amxljn */
  initials: string;
  /** 阿莫西林胶囊 → amoxilinjiaonang */
  full: string;
}

const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// Computed when goods are written (never in the browser): search then matches plain columns.
export function pinyinKeys(text: string): PinyinKeys {
  const initials = pinyin(text, {
    pattern: 'first',
    toneType: 'none',
    type: 'array',
    nonZh: 'consecutive',
  });
  const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return { initials: clean(initials.join('')), full: clean(full.join('')) };
}

/** The search keys a goods row stores, from its names: the one rule for the seed, the editor and imports. */
export function goodsSearchKeys(
  g: { name: string; tradeName: string; sccj: string },
  keysOf: (text: string) => PinyinKeys = pinyinKeys,
) {
  const name = keysOf(g.name);
  const trade = g.tradeName ? keysOf(g.tradeName) : { initials: '', full: '' };
  const sccj = keysOf(g.sccj);
  return {
    nameInitials: name.initials,
    namePinyin: name.full,
    tradeInitials: trade.initials,
    tradePinyin: trade.full,
    sccjInitials: sccj.initials,
    sccjPinyin: sccj.full,
  };
}
