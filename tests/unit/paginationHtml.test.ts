// A page link keeps the list's query and changes only the page: exactly what setting (or, for
// page 1, deleting) the parameter on a copy of the list's URL gives, for any query.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageQuery, paginationHtml } from '#/components/paginationHtml.ts';

const byUrlCopy = (url: URL, param: string, page: number) => {
  const u = new URL(url);
  if (page === 1) u.searchParams.delete(param);
  else u.searchParams.set(param, String(page));
  return u.search;
};

const pairArb = fc.tuple(
  fc.constantFrom('page', 'p', 'sort', 'keywords', 'a b', '类别', 'x&y'),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

describe('page links', () => {
  it('set the page in the list query as URLSearchParams would', () => {
    fc.assert(
      fc.property(
        fc.array(pairArb, { maxLength: 6 }),
        fc.constantFrom('page', 'p'),
        fc.integer({ min: 1, max: 600 }),
        (pairs, param, page) => {
          const url = new URL(`http://shop.test/list?${new URLSearchParams(pairs)}`);
          expect(pageQuery(url, param)(page)).toBe(byUrlCopy(url, param, page));
        },
      ),
    );
  });

  it('link the neighbouring pages of the list with its filters', () => {
    const html = paginationHtml({
      page: 3,
      total: 200,
      perPage: 20,
      url: new URL('http://shop.test/list?page=3&sort=sales&select=%E6%84%9F%E5%86%92'),
    });
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(hrefs[0]).toBe('/list?page=2&sort=sales&select=%E6%84%9F%E5%86%92');
    expect(hrefs).toContain('/list?sort=sales&select=%E6%84%9F%E5%86%92');
    expect(hrefs.at(-1)).toBe('/list?page=4&sort=sales&select=%E6%84%9F%E5%86%92');
  });
});
