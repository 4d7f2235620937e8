import { describe, expect, it } from 'vitest';
import { DomainError } from '#/server/errors.ts';
import { PAGE_VIEW_PATH_MAX, parsePageView } from '#/server/tracking.ts';

const rejects = (input: unknown) => {
  try {
    parsePageView(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('INVALID');
    return;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
};

describe('page-view validation', () => {
  it('accepts same-site paths with a query', () => {
    expect(parsePageView({ path: '/' })).toEqual({ path: '/' });
    expect(parsePageView({ path: ' /search?keywords=%E9%98%BF&type=1 ' })).toEqual({
      path: '/search?keywords=%E9%98%BF&type=1',
    });
    expect(parsePageView({ path: '/list/info/12' }).path).toBe('/list/info/12');
  });
  it('rejects missing, foreign, protocol-relative, spaced, control-character and over-long paths', () => {
    rejects({});
    rejects({ path: '' });
    rejects({ path: 'https://evil.example/' });
    rejects({ path: '//evil.example/x' });
    rejects({ path: '/a b' });
    rejects({ path: '/a\u0000' });
    rejects({ path: ['/a'] });
    rejects({ path: '/' + 'a'.repeat(PAGE_VIEW_PATH_MAX) });
  });
});
