import { describe, expect, it } from 'vitest';
import { categoryMenuHtml } from '#/lib/categoryMenuHtml.ts';
import { CATEGORY_MENU_TOP } from '#/lib/constants.ts';

const leaf = (id: number, name: string) => ({ id, name, children: [] });
const tree = [
  {
    id: 1,
    name: '抗感染药',
    children: [
      { id: 11, name: '青霉素类', children: [leaf(111, '阿莫西林<胶囊>'), leaf(112, '氨苄')] },
    ],
  },
  ...Array.from({ length: CATEGORY_MENU_TOP + 2 }, (_, i) => leaf(2 + i, `类目${i}`)),
];

describe('category menu HTML', () => {
  it('links every level to the list with the line flag, escapes names, marks parents', () => {
    const html = categoryMenuHtml('yx', tree, 'absolute "x"');
    expect(
      html.startsWith('<ul class="category-menu absolute &quot;x&quot;" data-menu="yx">'),
    ).toBe(true);
    expect(html).toContain(
      '<a href="/list?select=1&amp;yx=1"><span>抗感染药</span><span aria-hidden="true">›</span></a>',
    );
    expect(html).toContain('<a href="/list?select=11&amp;yx=1">青霉素类</a>');
    expect(html).toContain('<a href="/list?select=111&amp;yx=1">阿莫西林&lt;胶囊&gt;</a>');
    expect(html).not.toContain('<胶囊>');
    expect(html.match(/<li>/g)).toHaveLength(tree.length);
  });

  it('shows the first top categories of the general line only', () => {
    const html = categoryMenuHtml('general', tree);
    expect(html.match(/<li>/g)).toHaveLength(CATEGORY_MENU_TOP);
    expect(html).toContain('href="/list?select=1"');
  });

  it('builds once per list and anew for a new list', () => {
    const a = categoryMenuHtml('qx', tree);
    expect(categoryMenuHtml('qx', tree)).toBe(a);
    const renamed = [{ ...tree[0]!, name: '抗生素' }, ...tree.slice(1)];
    expect(categoryMenuHtml('qx', renamed)).toContain('<span>抗生素</span>');
    expect(categoryMenuHtml('qx', tree)).toContain('<span>抗感染药</span>');
  });
});
