// The GSP document rules: who reads them (as prices), when a goods is flagged, where the header's
// 质检报告 leads, and the Chinese names a download carries.
import { describe, expect, it } from 'vitest';
import { hiddenDocuments, isExpired, qualityLink } from '#/lib/gspDocuments.ts';
import { hiddenPrice } from '#/lib/priceVisibility.ts';
import { documentBaseName } from '#/server/gsp/present.ts';
import { attachment } from '#/server/http/respond.ts';
import { goodsDocState } from '#/server/gsp/state.ts';

const TODAY = '2026-11-24';
const all = (validUntil: string | null) =>
  ['supplier_licence', 'manufacturer_licence', 'registration'].map((kind) => ({
    kind,
    validUntil,
  }));

describe('who reads documents', () => {
  it('is whoever sees prices, with the same link and step', () => {
    for (const reader of [null, { isPassed: false }, { isPassed: true }]) {
      const docs = hiddenDocuments(reader);
      const price = hiddenPrice(reader);
      expect(docs === null).toBe(price === null);
      if (docs && price)
        expect({ href: docs.href, action: docs.action }).toEqual({
          href: price.href,
          action: price.action,
        });
    }
    expect(hiddenDocuments(null)?.text).toBe('登录后可查看资料');
    expect(hiddenDocuments({ isPassed: false })?.text).toBe('审核通过后可查看资料');
  });
});

describe('a goods is flagged', () => {
  it('while a required kind is missing or expired, or a lot on sale lacks its report', () => {
    expect(goodsDocState(all('2027-01-01'), [{ stock: 5, hasReport: true }], TODAY)).toEqual({
      missing: [],
      expired: [],
      lotsOnSale: 1,
      lotsWithoutReport: 0,
      flagged: false,
    });
    expect(goodsDocState(all(null).slice(1), [], TODAY)).toMatchObject({
      missing: ['supplier_licence'],
      flagged: true,
    });
    expect(goodsDocState(all('2026-11-23'), [], TODAY)).toMatchObject({
      expired: ['supplier_licence', 'manufacturer_licence', 'registration'],
      flagged: true,
    });
    // Valid through its last day; sold-out lots need no report.
    expect(goodsDocState(all(TODAY), [{ stock: 0, hasReport: false }], TODAY).flagged).toBe(false);
    expect(goodsDocState(all(null), [{ stock: 3, hasReport: false }], TODAY)).toMatchObject({
      lotsWithoutReport: 1,
      flagged: true,
    });
    // Optional kinds never flag.
    expect(
      goodsDocState([...all(null), { kind: 'gmp', validUntil: '2020-01-01' }], [], TODAY).flagged,
    ).toBe(false);
    expect(isExpired(null, TODAY)).toBe(false);
  });
});

describe("the header's 质检报告", () => {
  it('leads an approved member to /zjbg unless the operator set a URL; others keep the message', () => {
    const msg = { quality_inspection_url: '', msg: '质检报告请联系您的专属客服索取' };
    expect(qualityLink(true, msg)).toEqual({ ...msg, quality_inspection_url: '/zjbg' });
    expect(qualityLink(false, msg)).toBe(msg);
    const url = { quality_inspection_url: 'https://zj.example/r', msg: '' };
    expect(qualityLink(true, url)).toBe(url);
  });
});

describe('download names', () => {
  it('say goods, batch and kind in Chinese, safe for any file system', () => {
    const g = { name: '阿莫西林胶囊', spec: '0.25g*24粒' };
    expect(documentBaseName({ kind: 'test_report' }, g, 'B2301')).toBe(
      '阿莫西林胶囊(0.25g×24粒)_批号B2301_药检报告',
    );
    expect(documentBaseName({ kind: 'registration' }, g, null)).toBe(
      '阿莫西林胶囊(0.25g×24粒)_药品注册批件',
    );
    expect(documentBaseName({ kind: 'drug_licence' }, null, null)).toBe('本公司_药品经营许可证');
    expect(documentBaseName({ kind: 'gmp' }, { name: 'a/b:c', spec: '1"\n2' }, '../x')).toBe(
      'a b c(1 2)_批号.. x_GMP证书',
    );
  });

  it('go in Content-Disposition as UTF-8 with an ASCII fallback', () => {
    const header = attachment('决明子(1kg)_药检报告.pdf');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = header.split("UTF-8''")[1]!;
    expect(encoded).not.toMatch(/[()'*]/);
    expect(decodeURIComponent(encoded)).toBe('决明子(1kg)_药检报告.pdf');
  });
});
