// A shared page kept as the bytes its render wrote, with the spans each reader's answer fills in:
// the server time on <body> and the reader slots (lib/readerSlots). Filling joins byte ranges, so
// serving a copy never decodes and re-encodes the whole page — that UTF-8 round trip (the
// render's Response read as text, then a Response made of the text) was ~10 % of the CPU of an
// uncached list render, and every copy served paid the encoding again. A list or detail page also
// has the regions and the <title> another page of its kind fills in (lib/pageRegions.ts,
// server/filledPages.ts).
import { PAGE_REGIONS, type PageRegion, REGION_END, regionStart } from '#/lib/pageRegions.ts';
import { READER_SLOT_ATTRIBUTE, READER_SLOTS, type ReaderSlot } from '#/lib/readerSlots.ts';
import { utf8 } from './utf8.ts';

export type PageFill = 'serverTime' | 'title' | ReaderSlot | PageRegion;

interface Span {
  start: number;
  end: number;
  fill: PageFill;
}

export interface PageTemplate {
  bytes: Buffer<ArrayBuffer>;
  /** in page order, never overlapping */
  spans: readonly Span[];
}

const QUOTE = 0x22;
const GT = 0x3e;
const LT = 0x3c;
const SERVER_TIME = Buffer.from('data-server-time="');
const TITLE = Buffer.from('<title>');
const TITLE_END = Buffer.from('</title>');
const SLOT_MARKERS = READER_SLOTS.map(
  (name) => [name, Buffer.from(`${READER_SLOT_ATTRIBUTE}="${name}"`)] as const,
);
const REGION_STARTS = PAGE_REGIONS.map((name) => [name, Buffer.from(regionStart(name))] as const);
const REGION_CLOSE = Buffer.from(REGION_END);

/** Finds the fillable spans of a rendered page (only the first of each: a page has one of each). */
export function pageTemplate(bytes: Buffer<ArrayBuffer>): PageTemplate {
  const spans: Span[] = [];
  const time = bytes.indexOf(SERVER_TIME);
  if (time >= 0) {
    const start = time + SERVER_TIME.length;
    const end = bytes.indexOf(QUOTE, start);
    if (end >= 0) spans.push({ start, end, fill: 'serverTime' });
  }
  const title = bytes.indexOf(TITLE);
  if (title >= 0) {
    const start = title + TITLE.length;
    const end = bytes.indexOf(TITLE_END, start);
    if (end >= 0) spans.push({ start, end, fill: 'title' });
  }
  for (const [name, marker] of SLOT_MARKERS) {
    const at = bytes.indexOf(marker);
    if (at < 0) continue;
    const open = bytes.indexOf(GT, at + marker.length);
    const end = open < 0 ? -1 : bytes.indexOf(LT, open + 1);
    if (end >= 0) spans.push({ start: open + 1, end, fill: name });
  }
  for (const [name, marker] of REGION_STARTS) {
    const at = bytes.indexOf(marker);
    if (at < 0) continue;
    const start = at + marker.length;
    const end = bytes.indexOf(REGION_CLOSE, start);
    if (end >= 0) spans.push({ start, end, fill: name });
  }
  spans.sort((a, b) => a.start - b.start);
  return { bytes, spans };
}

/**
 * The page with the given spans replaced (values are HTML-safe already; others stay as rendered),
 * as its pieces in order: views of the kept bytes and the values. Written to a socket one after
 * the other they need no copy of the page (fastPath.ts).
 */
export function pageParts(t: PageTemplate, values: Partial<Record<PageFill, string>>): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (const span of t.spans) {
    const value = values[span.fill];
    if (value === undefined) continue;
    parts.push(t.bytes.subarray(at, span.start), utf8(value));
    at = span.end;
  }
  parts.push(at === 0 ? t.bytes : t.bytes.subarray(at));
  return parts;
}

/** The page with the given spans replaced, in one buffer (see pageParts). */
export function fillPage(
  t: PageTemplate,
  values: Partial<Record<PageFill, string>>,
): Buffer<ArrayBuffer> {
  const parts = pageParts(t, values);
  return parts.length === 1 ? t.bytes : Buffer.concat(parts);
}
