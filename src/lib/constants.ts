// Every business constant of SPEC section 9, named, in one place. Pure: no imports.

export const SITE_NAME = '药批';
export const SITE_DESCRIPTION = '药批 — 面向药店、诊所的药品、中药饮片与医疗器械批发采购平台';

// Calls
/** Request timeout of the one HTTP client: 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Add-to-cart call delay. */
export const ADD_TO_CART_DELAY_MS = 200;
/** Search suggestions load after typing stops this long. */
export const SEARCH_SUGGEST_DELAY_MS = 500;
/** The search list cache is refreshed when older than this. */
export const SEARCH_CACHE_MAX_AGE_MS = 5_000;
/** Goods cards, details and the cart may show stock and prices this old; orders read them fresh. */
export const GOODS_CACHE_MS = 2_000;
/** Page-view tracking runs this long after a route change. */
export const PAGE_VIEW_DELAY_MS = 300;
/** GET /api/cart/list filter default. */
export const CART_LIST_FILTER_DEFAULT = 99_999;

// Line types
/** A cart line's type (cart_lines.type, the API's `type`): normal, flash sale 秒杀, combination 组合购. */
export const CART_LINE_TYPES = { normal: 0, flash: 1, combination: 3 } as const;
/** An order line's type: its cart line's type, or a 满赠 gift (price 0, no stock reserved). */
export const ORDER_LINE_TYPE = { ...CART_LINE_TYPES, gift: 2 } as const;

// Response codes (SPEC 8)
export const LOGIN_REQUIRED_CODES: readonly number[] = [10001, 401];
export const FORM_ERROR_CODE = 422;
export const CONTRACT_REQUIRED_CODE = 459;
export const CONTRACT_PATH = '/dzht';

// Page chrome
/** Cart badge maximum shown (beyond it: "99+"). */
export const CART_BADGE_MAX = 99;
/** Category menu top items. */
export const CATEGORY_MENU_TOP = 7;
/** Header nav links: at most. */
export const HEADER_NAV_MAX = 9;
/** Cart drawer width closed, px. */
export const DRAWER_WIDTH_CLOSED = 40;
/** Cart drawer width open, px. */
export const DRAWER_WIDTH_OPEN = 310;
/** The header search bar becomes fixed after scrolling this far, px. */
export const STICKY_SEARCH_SCROLL_PX = 205;
/** User state is reloaded when the header shows, except on these routes. */
export const USER_RELOAD_SKIP_ROUTES: readonly string[] = ['user_hyzx', 'login', 'zhzx_bdwx'];
/** Checkout steps driving the step banner. */
export const CHECKOUT_STEP_COUNT = 4;

// Lucky draw
/** A draw request runs about this long before the result alert. */
export const DRAW_DELAY_MS = 2_000;
/** After a result the pop-up animates out in this long. */
export const DRAW_CLOSE_ANIMATION_MS = 1_000;

// Clock
/** Countdowns and the server clock tick every second. */
export const CLOCK_TICK_MS = 1_000;

// Money
/** /welfare: 全场94折 until the merchandiser sets another rate (server/promotions/welfare.ts). */
export const WELFARE_RATE = 0.94;
/** Default shop shipping rule: fee charged when the order's goods amount is under the threshold. */
export const DEFAULT_SHIPPING_FEE_FEN = 1_000;
export const DEFAULT_FREE_SHIPPING_THRESHOLD_FEN = 80_000;

// Goods and compliance (DOMAIN.md)
/** Near-expiry (近效期, /jxqzc): fewer than this many days of shelf life left. */
export const NEAR_EXPIRY_DAYS = 180;
/** Buyers are warned this many days before a qualification licence expires. */
export const LICENCE_WARN_DAYS = 30;
/** An unpaid order times out and releases its stock after this many minutes. */
export const UNPAID_ORDER_TIMEOUT_MIN = 30;

/** Tag labels that have a colour (see tags.ts). */
export const TAG_LABELS = ['优', '秒', '满', '换购', '赠', '特', '新'] as const;
export type TagLabel = (typeof TAG_LABELS)[number];
