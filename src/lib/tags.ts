// Tag colours by label (SPEC 9: 优, 秒, 满, 换购, 赠, 特, 新). One table; Tailwind class names are
// written out in full so Tailwind's source scan picks them up.
import { TAG_LABELS, type TagLabel } from './constants.ts';

export type TagColor = {
  /** background class */
  bg: string;
  /** text colour class */
  text: string;
  /** border colour class */
  border: string;
  /** bg + text + border, ready for class="" */
  className: string;
};

function color(bg: string, text: string, border: string): TagColor {
  return { bg, text, border, className: `${bg} ${text} ${border}` };
}

export const TAG_COLORS: Readonly<Record<TagLabel, TagColor>> = {
  优: color('bg-orange-700', 'text-white', 'border-orange-700'), // 优选
  秒: color('bg-red-700', 'text-white', 'border-red-700'), // 秒杀
  满: color('bg-rose-700', 'text-white', 'border-rose-700'), // 满减
  换购: color('bg-violet-700', 'text-white', 'border-violet-700'),
  赠: color('bg-emerald-700', 'text-white', 'border-emerald-700'), // 满赠
  特: color('bg-amber-700', 'text-white', 'border-amber-700'), // 特价
  新: color('bg-sky-700', 'text-white', 'border-sky-700'), // 新品
};

export const DEFAULT_TAG_COLOR: TagColor = color('bg-gray-100', 'text-gray-600', 'border-gray-300');

/**
 * Colour for a tag label. Exact match first, then the longest known label the text starts with
 * ('满减' → 满, '赠品' → 赠, '换购价' → 换购); anything else gets DEFAULT_TAG_COLOR.
 */
export function tagColor(label: string): TagColor {
  const text = label.trim();
  const exact = (TAG_COLORS as Readonly<Record<string, TagColor>>)[text];
  if (exact) return exact;
  let best: TagColor = DEFAULT_TAG_COLOR;
  let bestLen = 0;
  for (const [key, value] of Object.entries(TAG_COLORS)) {
    if (key.length > bestLen && text.startsWith(key)) {
      best = value;
      bestLen = key.length;
    }
  }
  return best;
}

/**
 * Tags that announce a promotion. A goods shows one only while the promotion really runs
 * (server/promotions/tags.ts decides), never because it was typed onto the goods: a buyer told
 * about a promotion must be able to reach it at its price. 换购 has no promotion behind it in this
 * shop, so it is never shown.
 */
export const PROMOTION_TAGS: readonly TagLabel[] = ['秒', '特', '满', '赠', '换购'];

const isPromotionTag = (t: string) => (PROMOTION_TAGS as readonly string[]).includes(t);

/** The goods' own tags (优, 新…) with the promotion tags it really has now, in label order. */
export function withPromotionTags(stored: readonly string[], running: readonly string[]): string[] {
  const order = (t: string) => {
    const i = (TAG_LABELS as readonly string[]).indexOf(t);
    return i < 0 ? TAG_LABELS.length : i;
  };
  return [...new Set([...stored.filter((t) => !isPromotionTag(t)), ...running])].sort(
    (a, b) => order(a) - order(b),
  );
}
