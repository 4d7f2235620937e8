import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attr, escapeHtml } from '#/lib/html.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const text = fc.string({
  unit: fc.constantFrom('a', '药', ' ', '&', '<', '>', '"', "'", ';', '#'),
});

describe('HTML escaping', () => {
  it('escapes each special character and leaves everything else as it is', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(escapeHtml(s)).toBe([...s].map((c) => ENTITIES[c] ?? c).join(''));
      }),
    );
    expect(escapeHtml('<img src=x onerror="a(\'b\')">&')).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
  });

  it('escapes a double-quoted attribute value as Astro does: & and " only', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(attr(s)).toBe(s.replaceAll('&', '&amp;').replaceAll('"', '&quot;'));
      }),
    );
  });
});
