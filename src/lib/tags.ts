// Tag colours by label (SPEC 9: 优, 秒, 满, 换购, 赠, 特, 新). One table; Tailwind class names are
// written out in full so Tailwind's source scan picks them up.
import type { TagLabel } from './constants.ts';

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
