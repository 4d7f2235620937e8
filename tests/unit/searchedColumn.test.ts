import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bigramFilter, searchedColumn } from '#/server/db/rows.ts';
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

const bigrams = (text: string) => {
  const filter = bigramFilter([goods.name, goods.sccj], text);
  return filter && new PgDialect().sqlToQuery(filter);
};

describe('bigramFilter', () => {
  it('asks the bigram index over exactly the given columns for a text of two characters', () => {
    expect(bigrams('感冒')).toMatchObject({
      sql: 'text_bigrams(ARRAY["goods"."name", "goods"."sccj"]) @> text_bigrams(ARRAY[$1::text])',
      params: ['感冒'],
    });
    expect(bigrams('𠀀a')?.params).toEqual(['𠀀a']);
  });

  it('adds nothing for one character or three and more', () => {
    expect(bigrams('丸')).toBeUndefined();
    expect(bigrams('阿莫西')).toBeUndefined();
  });
});
