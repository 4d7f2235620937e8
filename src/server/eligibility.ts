// Can this company buy this goods? One rule for the cart, checkout and goods pages.
// Minimal version (cart team); the catalog team owns the fuller one with the same signature.

export type EligibilityCompany = { isPassed: boolean; jyfw: readonly string[] } | null;
export type EligibilityGoods = { drugClass: string; isBuy: boolean; isControlled: boolean };
export type PurchaseBlock = { code: 'login' | 'review' | 'scope' | 'controlled' | 'off_shelf'; reason: string };

export function purchaseBlock(company: EligibilityCompany, goods: EligibilityGoods): PurchaseBlock | null {
  if (!company) return { code: 'login', reason: '请先登录' };
  if (!company.isPassed) return { code: 'review', reason: '资质审核中，审核通过后可购买' };
  if (!goods.isBuy) return { code: 'off_shelf', reason: '商品已下架' };
  if (goods.isControlled) return { code: 'controlled', reason: '控销商品' };
  if (!company.jyfw.includes(goods.drugClass)) return { code: 'scope', reason: '超出经营范围' };
  return null;
}
