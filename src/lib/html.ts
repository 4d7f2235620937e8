const HTML_SPECIAL = /[&<>"']/;
const HTML_ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to put into HTML, between tags or inside a quoted attribute. Goods names, specs
 * and makers rarely hold a special character: one scan finds that, where a replacement with a
 * callback was a tenth of building a list page's cards.
 */
export function escapeHtml(s: string): string {
  return HTML_SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => HTML_ENTITY[c]!) : s;
}

/** A value shown as text between tags (numbers as they print). */
export const text = (v: string | number): string => escapeHtml(String(v));

const ATTR_SPECIAL = /[&"]/;
/**
 * A double-quoted attribute's value, escaped as Astro escapes attributes. Most values (classes,
 * links, names) have nothing to escape: one scan finds that, where two replacements scanned twice
 * and were a tenth of a list page's fill (server/filledPages.ts).
 */
export const attr = (v: string | number): string => {
  const s = String(v);
  return ATTR_SPECIAL.test(s) ? s.replaceAll('&', '&amp;').replaceAll('"', '&quot;') : s;
};

/**
 * A JSON attribute's value, for single quotes: JSON is full of double quotes, and escaping each
 * as &quot; made the buy controls' data a third of a list card's bytes and of its build time.
 */
export const jsonAttr = (json: string): string =>
  json.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
