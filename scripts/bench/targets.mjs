// Rows of `npm run bench`. Add yours: { name, path, method?, body?, as?: 'member', connections?,
// uniquePath?: true (a new `n=` parameter per request: a URL no cache has seen; a shared page does not
// read it, so pageQuery.ts keys it with the page asked without it), target?: { p95Ms?, ceilingShare?,
// shareOf?: { row, label, share } (req/s at least `share` of the row named `row` in the same run) } }. `as: 'member'` sends the demo member's session cookie.
// `rotate: (n, { goodsIds }) => path` asks for a different goods, page or filter on every request (n counts
// requests; goodsIds are spread over the whole catalogue): the path no cache has seen, next to its cached row.
// `catalogue: true` marks the cached and rotating catalogue rows, measured on PostgreSQL too (one
// process and two). `page` marks HTML pages: their JS weight is measured too (before / after interaction), against
// `jsBudgetKb` when set. `:detailId` is replaced by a best-selling goods id.

// The cached rows the issue-16 targets compare the rotating rows with.
const SHARED_LIST_PAGE = 'GET /list with filters, each request a new URL (member)';
const SHARED_DETAIL_PAGE = 'GET /list/info/:id, each request a new URL (member)';
const HOT_DETAIL_API = 'GET /api/goods/detail/:id, one hot goods';
const HOT_LIST_API = 'GET /api/goods/list, one hot page';

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
  // The same pages asked with a parameter they never read, new each request (a tracking tag, a
  // cache-buster): the shared copy still answers (pageQuery.ts). What a render costs is the rows
  // below that ask for a different page or goods each request.
  {
    name: SHARED_LIST_PAGE,
    catalogue: true,
    path: '/list?select=%E6%8A%97%E6%84%9F%E6%9F%93%E8%8D%AF&in_stock=1&sort=sales',
    as: 'member',
    uniquePath: true,
    connections: 20,
  },
  {
    name: SHARED_DETAIL_PAGE,
    catalogue: true,
    path: '/list/info/:detailId',
    as: 'member',
    uniquePath: true,
    connections: 20,
  },
  // The catalogue when caches cannot answer (issue 16): a different goods, page or filter each
  // request, each next to the same call asked for one hot goods or page.
  {
    name: HOT_DETAIL_API,
    catalogue: true,
    path: '/api/goods/detail/:detailId',
    as: 'member',
    connections: 20,
  },
  {
    name: 'GET /api/goods/detail/:id, a different goods each request',
    catalogue: true,
    path: '/api/goods/detail/:detailId',
    as: 'member',
    connections: 20,
    target: { p95Ms: 25, shareOf: { row: HOT_DETAIL_API, label: 'one hot goods', share: 0.6 } },
    rotate: (n, { goodsIds }) => `/api/goods/detail/${goodsIds[(n * 7919) % goodsIds.length]}`,
  },
  {
    name: HOT_LIST_API,
    catalogue: true,
    path: '/api/goods/list?page=1',
    as: 'member',
    connections: 20,
  },
  {
    name: 'GET /api/goods/list, a different page each request',
    catalogue: true,
    path: '/api/goods/list',
    as: 'member',
    connections: 20,
    rotate: (n) => `/api/goods/list?page=${1 + ((n * 37) % 500)}`,
    target: { shareOf: { row: HOT_LIST_API, label: 'one hot page', share: 0.5 } },
  },
  {
    name: 'GET /api/goods/list, a different filter each request',
    catalogue: true,
    path: '/api/goods/list',
    as: 'member',
    connections: 20,
    rotate: (n) => rotatingFilter(n),
    target: { shareOf: { row: HOT_LIST_API, label: 'one hot page', share: 0.5 } },
  },
  {
    name: 'GET /list?page=N, a different page each request (member)',
    catalogue: true,
    path: '/list',
    as: 'member',
    connections: 20,
    rotate: (n) => `/list?page=${1 + ((n * 37) % 500)}`,
    target: { shareOf: { row: SHARED_LIST_PAGE, label: 'the shared copy', share: 0.4 } },
  },
  {
    name: 'GET /list/info/:id, a different goods each request (member)',
    catalogue: true,
    path: '/list/info/:detailId',
    as: 'member',
    connections: 20,
    rotate: (n, { goodsIds }) => `/list/info/${goodsIds[(n * 7919) % goodsIds.length]}`,
    target: { shareOf: { row: SHARED_DETAIL_PAGE, label: 'the shared copy', share: 0.4 } },
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

const LINES = ['', 'general', 'yx', 'zy', 'qx'];
const SORTS = ['default', 'sales', 'price', 'newest'];
const DRUG_CLASSES = ['', 'otc_a', 'otc_b', 'rx'];

/** A list query that varies line, sort, drug class, stock, price range and page with n. */
function rotatingFilter(n) {
  const q = new URLSearchParams({
    page: String(1 + (n % 20)),
    sort: SORTS[(n >> 1) % SORTS.length],
  });
  const line = LINES[(n >> 3) % LINES.length];
  if (line) q.set('line', line);
  const drugClass = DRUG_CLASSES[(n >> 5) % DRUG_CLASSES.length];
  if (drugClass) q.set('drug_class', drugClass);
  if (n % 3 === 0) q.set('in_stock', '1');
  if (n % 5 === 0) q.set('price_max', String(5 + (n % 40)));
  return `/api/goods/list?${q}`;
}
