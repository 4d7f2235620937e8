// The parts of a shared page that differ from one page of a list to the next, or from one goods'
// detail page to another's: another such page is the shared copy with these filled in anew
// (server/filledPages.ts), not a render of its own (the page's <title> is filled too). The page marks each with comments around it (server/pageTemplate.ts finds
// them); what is between is built by one function for the render and the fill alike.
export const PAGE_REGIONS = [
  'list-views',
  'list-total',
  'list-goods',
  'list-pages',
  'detail-main',
] as const;
export type PageRegion = (typeof PAGE_REGIONS)[number];
export type ListRegion = Exclude<PageRegion, 'detail-main'>;

export const regionStart = (name: PageRegion) => `<!--fill:${name}-->`;
export const REGION_END = '<!--/fill-->';

/** `html` marked as the region `name`. */
export const regionHtml = (name: PageRegion, html: string) =>
  `${regionStart(name)}${html}${REGION_END}`;
