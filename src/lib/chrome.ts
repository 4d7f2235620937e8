// Pure rules of the page chrome (SPEC "Shared page chrome", 4, 9), shared by server and islands.
import { CART_BADGE_MAX } from './constants.ts';

export type MenuLine = 'general' | 'yx' | 'zy' | 'qx';

/** The four header category menus, in the order the header shows them. */
export const MENU_LINES: readonly { line: MenuLine; label: string }[] = [
  { line: 'general', label: '全部商品分类' },
  { line: 'yx', label: '包邮优选' },
  { line: 'zy', label: '中药饮片' },
  { line: 'qx', label: '医疗器械' },
];

/** A category click opens the goods list with the select filter, plus the line's own flag. */
// Written out rather than built with URLSearchParams: every page's header has a link per category.
const LINE_FLAG: Record<MenuLine, string> = { general: '', yx: '&yx=1', zy: '&zy=2', qx: '&qx=2' };

export function categoryHref(line: MenuLine, categoryId: number): string {
  return `/list?select=${Math.trunc(categoryId)}${LINE_FLAG[line]}`;
}

/** Cart badge text: empty for none, the count up to 99, then "99+". */
export function badgeText(count: number | null | undefined): string {
  if (!count || count <= 0) return '';
  return count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : String(Math.floor(count));
}

/** Customer-service chat needs all three (SPEC 6); otherwise the two QQ links are shown. */
export function canChat(
  user: { is_can_chat?: unknown; username?: string | undefined; token?: string | undefined } | null,
): boolean {
  return Boolean(user && Number(user.is_can_chat) === 1 && user.username && user.token);
}

export const qqHref = (qq: string) =>
  `https://wpa.qq.com/msgrd?v=3&uin=${encodeURIComponent(qq)}&site=qq&menu=yes`;
