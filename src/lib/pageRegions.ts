// The parts of a shared list page that differ from one page of the list to the next: another page
// of the same list is its shared copy with these filled in anew (server/listPageFill.ts), not a
// render of its own. The page marks each with comments around it (server/pageTemplate.ts finds
// them); what is between is built by one function for the render and the fill alike.
export const PAGE_REGIONS = ['list-views', 'list-total', 'list-goods', 'list-pages'] as const;
export type PageRegion = (typeof PAGE_REGIONS)[number];

export const regionStart = (name: PageRegion) => `<!--fill:${name}-->`;
export const REGION_END = '<!--/fill-->';

/** `html` marked as the region `name`. */
export const regionHtml = (name: PageRegion, html: string) =>
  `${regionStart(name)}${html}${REGION_END}`;
