import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { searchedColumn } from '#/server/db/rows.ts';
import { goods } from '#/server/db/schema/index.ts';

const rendered = (text: string) => new PgDialect().sqlToQuery(searchedColumn(goods.name, text)).sql;

describe('searchedColumn', () => {
  it('leaves the column as the trigram index sees it when the text holds a trigram', () => {
    expect(rendered('阿莫西林')).toBe('"goods"."name"');
    expect(rendered('amx')).toBe('"goods"."name"');
  });

  it('hides the column from the index for a text of fewer than three characters', () => {
    // Counted in characters, not UTF-16 units or bytes: 感冒 is two.
    expect(rendered('感冒')).toBe(`("goods"."name" || '')`);
    expect(rendered('𠀀a')).toBe(`("goods"."name" || '')`);
    expect(rendered('gm')).toBe(`("goods"."name" || '')`);
  });
});
