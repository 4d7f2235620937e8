// Rows of `npm run bench`. Add yours: { name, path, method?, body?, as?: 'member', connections?,
// uniquePath?: true (a new query string per request, so the page renders), target?: { p95Ms?, ceilingShare? } }. `as: 'member'` sends the demo member's session cookie.
// `page` marks HTML pages: their JS weight is measured too (before / after interaction), against
// `jsBudgetKb` when set. `:detailId` is replaced by a best-selling goods id.

export const TARGETS = [
  {
    name: 'GET /api/focus/common',
    path: '/api/focus/common',
    target: { p95Ms: 10, ceilingShare: 0.3 },
  },
  {
    name: 'GET / (visitor)',
    path: '/',
    page: 'home',
    jsBudgetKb: 80,
    connections: 20,
    target: { p95Ms: 50 },
  },
  { name: 'GET / (member)', path: '/', as: 'member', connections: 20, target: { p95Ms: 50 } },
  {
    name: 'GET /list with filters (member)',
    path: '/list?select=%E6%8A%97%E6%84%9F%E6%9F%93%E8%8D%AF&in_stock=1&sort=sales',
    as: 'member',
    page: 'goods list',
    jsBudgetKb: 90,
    connections: 20,
    target: { p95Ms: 50 },
  },
  {
    name: 'GET /search?keywords=amxl (member)',
    path: '/search?keywords=amxl',
    as: 'member',
    connections: 20,
    target: { p95Ms: 50 },
  },
  {
    name: 'GET /list/info/:id detail (member)',
    path: '/list/info/:detailId',
    as: 'member',
    page: 'goods detail',
    jsBudgetKb: 90,
    connections: 20,
    target: { p95Ms: 50 },
  },
  // The same pages when no shared copy can answer (pageCache.sharedPage): what a render costs.
  {
    name: 'GET /list with filters, each request a new URL (member)',
    path: '/list?select=%E6%8A%97%E6%84%9F%E6%9F%93%E8%8D%AF&in_stock=1&sort=sales',
    as: 'member',
    uniquePath: true,
    connections: 20,
  },
  {
    name: 'GET /list/info/:id, each request a new URL (member)',
    path: '/list/info/:detailId',
    as: 'member',
    uniquePath: true,
    connections: 20,
  },
  { name: 'GET /cart (member)', path: '/cart', as: 'member', page: 'cart', connections: 10 },
  {
    name: 'GET /help/xrzn/hyzc (prerendered)',
    path: '/help/xrzn/hyzc',
    page: 'help article',
    connections: 20,
  },
  // Member pages read the session first (sessions.ts caches it for SESSION_CACHE_MS).
  { name: 'GET /ddgl (member)', path: '/ddgl', as: 'member', connections: 10 },
  { name: 'GET /api/user/base (member)', path: '/api/user/base', as: 'member', connections: 10 },
  {
    name: 'GET /404 (visitor, uncached render)',
    path: '/404',
    page: 'not found (chrome only)',
    connections: 20,
    expectStatus: [404],
  },
  {
    name: 'POST /api/track/pageview',
    path: '/api/track/pageview',
    method: 'POST',
    body: 'path=%2Flist',
    // One visitor key: after 60 a minute the answer is 429, which is the cost being measured.
    expectStatus: [201, 429],
  },
];
