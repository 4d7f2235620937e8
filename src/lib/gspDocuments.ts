// GSP documents (DOMAIN "Compliance"): the first-business documents (首营资料) a pharmacy must keep
// for every goods it buys, the test report (药检报告) of every batch, and the shop's own
// qualifications. Kinds, their Chinese names and which ones a goods needs before it may be sold.
// Pure and isomorphic: the staff desk, the buyer's screens and the zip names read the same table.
import { HIDDEN_PRICE, type HiddenPrice, priceAudience } from './priceVisibility.ts';

export const GOODS_DOCUMENT_KINDS = [
  'supplier_licence',
  'manufacturer_licence',
  'gmp',
  'registration',
  'packaging',
] as const;
export type GoodsDocumentKind = (typeof GOODS_DOCUMENT_KINDS)[number];

export const SHOP_DOCUMENT_KINDS = [
  'drug_licence',
  'business_licence',
  'quality_agreement',
] as const;
export type ShopDocumentKind = (typeof SHOP_DOCUMENT_KINDS)[number];

export type DocumentKind = GoodsDocumentKind | ShopDocumentKind | 'test_report';

export const DOCUMENT_KIND_LABEL: Readonly<Record<DocumentKind, string>> = {
  supplier_licence: '供货单位资质',
  manufacturer_licence: '生产企业许可证',
  gmp: 'GMP证书',
  registration: '药品注册批件',
  packaging: '包装标签说明书',
  drug_licence: '药品经营许可证',
  business_licence: '营业执照',
  quality_agreement: '质量保证协议',
  test_report: '药检报告',
};

/** Without these (present and in date) a goods is flagged to staff, and may be kept off sale. */
export const REQUIRED_GOODS_KINDS: readonly GoodsDocumentKind[] = [
  'supplier_licence',
  'manufacturer_licence',
  'registration',
];

/** Documents expiring within this many days show on the staff dashboard. */
export const EXPIRING_DAYS = 30;

/** A document with no validity date (长期) never expires. */
export const isExpired = (validUntil: string | null, today: string) =>
  validUntil !== null && validUntil < today;

/**
 * Documents are shown to whoever sees prices (approved members) and hidden from everyone else
 * with the same link and step as the price placeholder.
 */
export function hiddenDocuments(
  buyer: { isPassed: boolean } | null | undefined,
): HiddenPrice | null {
  const audience = priceAudience(buyer);
  if (audience === 'approved') return null;
  const text = audience === 'visitor' ? '登录后可查看资料' : '审核通过后可查看资料';
  return { ...HIDDEN_PRICE[audience], text };
}

/** Where the header's 质检报告 leads an approved member: the operator's own URL, else /zjbg. */
export const ZJBG_PATH = '/zjbg';
export function qualityLink<Q extends { quality_inspection_url: string; msg: string }>(
  isPassed: boolean,
  operator: Q,
): Q {
  return isPassed && !operator.quality_inspection_url
    ? { ...operator, quality_inspection_url: ZJBG_PATH }
    : operator;
}
