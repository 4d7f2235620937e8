// Header and toolbar behaviour without a framework, so the page needs no React until a buyer
// reaches for an island: user reload, badges, logout, sticky search, drawer, quality alert.
import { api, ApiAborted, ApiError } from './api.ts';
import { announce } from './events.ts';
import { badgeText, canChat } from '#/lib/chrome.ts';
import {
  DRAWER_WIDTH_CLOSED,
  DRAWER_WIDTH_OPEN,
  STICKY_SEARCH_SCROLL_PX,
} from '#/lib/constants.ts';
import { $cartChanged, $cartCount } from '#/stores/cart.ts';
import { $chatOpen, $chatUnread } from '#/stores/chat.ts';
import { alertDialog } from '#/stores/notice.ts';
import { $user, isMember, loadUser, shouldReloadUser, type User } from '#/stores/user.ts';

const body = document.body;
const routeName = body.dataset['route'] ?? '';
const memberOnServer = body.dataset['member'] === '1';
/** The page says the member may chat where it does not reload the user state (ShopLayout). */
const chatOnServer = body.dataset['chat'] === '1';
const all = (selector: string) => document.querySelectorAll<HTMLElement>(selector);

function setBadge(name: string, count: number | null | undefined): void {
  const text = badgeText(count);
  for (const el of all(`[data-badge="${name}"]`)) {
    el.textContent = text;
    el.hidden = !text;
  }
}

// ── Sticky search bar (SPEC 4: fixed after 205 px) ────────────────────────
const bar = document.querySelector<HTMLElement>('[data-sticky-search]');
if (bar) {
  const update = () => bar.toggleAttribute('data-fixed', window.scrollY > STICKY_SEARCH_SCROLL_PX);
  window.addEventListener('scroll', update, { passive: true });
  update();
}

// ── Cart count: GET /api/cart/total for members, refreshed when the cart changes ──
let cartLoads = 0;
async function refreshCartCount(): Promise<void> {
  const mine = ++cartLoads;
  try {
    const res = await api.get<{ data?: { total?: number } }>('/api/cart/total', undefined, {
      silent: true,
    });
    if (mine === cartLoads) $cartCount.set(Number(res.data?.total ?? 0));
  } catch (error) {
    if (!(error instanceof ApiAborted) && mine === cartLoads) $cartCount.set(0);
  }
}
$cartCount.subscribe((n) => setBadge('cart', n));
let member = memberOnServer;
if (member) void refreshCartCount();
$cartChanged.listen(() => {
  if (member) void refreshCartCount();
});

// ── Chat: the panel in the page and the toolbar badge; the session is the cookie, never part of a URL ──
const loadChat = () =>
  import('./chat.ts').then(({ startChat, stopChat }) => ({ startChat, stopChat }));
let chat: ReturnType<typeof loadChat> | null = null;
function showChat(on: boolean): void {
  for (const el of all('[data-chat-open]')) el.hidden = !on;
  for (const el of all('[data-qq-link]')) el.hidden = on;
  if (!on) return;
  chat ??= loadChat();
  void chat.then((m) => m.startChat());
}
if (chatOnServer) showChat(true);

// ── User state (SPEC 4: reloaded when the header shows, except three routes) ──
function showUser(user: User | null): void {
  if (!user) return;
  if (!member && isMember(user)) {
    // A prerendered page learns about the member only now.
    member = true;
    void refreshCartCount();
  }
  setBadge('messages', member ? (user.message_count ?? 0) : 0);
  const admin = member ? user.admin : undefined;
  for (const el of all('[data-service-phone]')) {
    el.textContent = admin?.phone ? `专属客服：${admin.name} ${admin.phone}` : '';
    el.hidden = !admin?.phone;
  }
  showChat(chatOnServer || (member && canChat(user)));
  const qi = user.quality_inspection;
  if (qi) {
    for (const el of all('[data-quality-link]')) {
      if (qi.quality_inspection_url) {
        el.setAttribute('href', qi.quality_inspection_url);
        // The operator's report site opens beside the shop; the shop's own page (/zjbg) in place.
        if (/^https?:/.test(qi.quality_inspection_url)) el.setAttribute('target', '_blank');
        else el.removeAttribute('target');
        delete el.dataset['alertMessage'];
      } else if (qi.msg) {
        el.dataset['alertMessage'] = qi.msg;
      }
    }
  }
}
$user.subscribe(showUser);
if (document.querySelector('[data-testid="shop-header"]') && shouldReloadUser(routeName))
  void loadUser();

$chatUnread.subscribe((n) => setBadge('chat', n));

// ── Right toolbar: the cart drawer is 40 px closed, 310 px open ──────────────
const drawer = document.querySelector<HTMLElement>('[data-drawer]');
function setDrawer(open: boolean): void {
  if (!drawer) return;
  drawer.dataset['open'] = open ? '1' : '0';
  drawer.style.width = `${open ? DRAWER_WIDTH_OPEN : DRAWER_WIDTH_CLOSED}px`;
  const panel = drawer.querySelector<HTMLElement>('[data-drawer-panel]');
  if (panel) panel.hidden = !open;
  if (open) announce('drawer');
  // The cart page makes room for the open drawer (styles/global.css) so its totals bar and
  // 去结算 stay visible at narrow widths; other pages let the drawer float over them.
  if (routeName === 'cart') document.body.toggleAttribute('data-drawer-open', open);
}
// Opens by itself on cart step 1.
if (routeName === 'cart') setDrawer(true);

// ── Clicks: logout, drawer, chat, back to top, quality-inspection alert ────
document.addEventListener('click', async (e) => {
  const target = e.target as Element | null;
  const el = target?.closest<HTMLElement>(
    '[data-logout],[data-drawer-toggle],[data-drawer-close],[data-to-top],[data-alert-message],[data-chat-open]',
  );
  if (!el) return;
  if (el.hasAttribute('data-chat-open')) {
    announce('chat');
    $chatOpen.set(true);
  } else if (el.hasAttribute('data-alert-message')) {
    e.preventDefault();
    alertDialog(el.dataset['alertMessage'] ?? '');
  } else if (el.hasAttribute('data-drawer-toggle')) {
    setDrawer(drawer?.dataset['open'] !== '1');
  } else if (el.hasAttribute('data-drawer-close')) {
    setDrawer(false);
  } else if (el.hasAttribute('data-to-top')) {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  } else if (el.hasAttribute('data-logout')) {
    // 安全退出: end the session server-side, then start again from the home page as a visitor
    // (reloading a member-only page would only bounce to the login form).
    // The chat stream closes first: it must not linger, nor retry with a session that is gone.
    const chatting = chat && (await chat);
    chatting?.stopChat();
    try {
      await api.delete('/api/user/logout');
      location.assign('/');
    } catch (error) {
      chatting?.startChat();
      if (!(error instanceof ApiError) && !(error instanceof ApiAborted)) throw error;
    }
  }
});
