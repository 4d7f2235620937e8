// The parts of a page shared by many readers (server/pageCache.ts) that are each reader's own. The
// layout marks such an element with its slot's name; the element holds plain text only, which the
// cache puts in per reader.
export type ReaderSlot = 'store-name';

const ATTRIBUTE = 'data-reader-slot';

/** The attribute to spread on the slot's element. */
export const readerSlot = (name: ReaderSlot) => ({ [ATTRIBUTE]: name });

/** `html` with the text of slot `name` replaced by `text` (already escaped); unchanged without that slot. */
export function fillReaderSlot(html: string, name: ReaderSlot, text: string): string {
  const at = html.indexOf(`${ATTRIBUTE}="${name}"`);
  if (at < 0) return html;
  const start = html.indexOf('>', at) + 1;
  const end = html.indexOf('<', start);
  if (start === 0 || end < 0) return html;
  return html.slice(0, start) + text + html.slice(end);
}
