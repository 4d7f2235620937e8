// Who shares a page: the key composition of server/sharedPages.ts, with the stores, segments and
// invitations it reads given here (their own rules have their own tests).
import { describe, expect, it, vi } from 'vitest';
import type { ActivityDetail } from '#/server/draw/activities.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import type { SessionUser } from '#/server/sessions.ts';

const stores = new Map<number, BuyerCompany>();
const invites = new Map<number, ActivityDetail>();
const favourites = new Set<string>();

vi.mock('#/server/catalog/buyer.ts', () => ({
  buyerOf: async (user: { companyId: number } | null) =>
    (user && stores.get(user.companyId)) ?? null,
}));
vi.mock('#/server/eligibility.ts', () => ({
  buyerSegment: async (c: BuyerCompany | null) =>
    c ? `${c.isPassed ? 'approved' : 'unapproved'}/${c.isPassed ? c.rank : ''}` : 'visitor',
}));
vi.mock('#/server/draw/activities.ts', () => ({
  drawInvite: async (user: { companyId: number }) => invites.get(user.companyId) ?? null,
}));
vi.mock('#/server/favorites.ts', () => ({
  isFavorite: async (companyId: number, goodsId: number) =>
    favourites.has(`${companyId}/${goodsId}`),
}));

const { sharedPageKeys } = await import('#/server/sharedPages.ts');

let nextId = 1;
/** A member whose store is `store` (its session's approval may say otherwise for a moment). */
function member(store: Partial<BuyerCompany> | null, sessionPassed = store?.isPassed ?? true) {
  const id = nextId++;
  if (store)
    stores.set(id, {
      id,
      isPassed: true,
      jyfw: [],
      province: '湖北省',
      type: 'pharmacy',
      rank: 1,
      ...store,
    });
  const user: SessionUser = {
    accountId: id,
    companyId: id,
    username: `u${id}`,
    companyName: `药房${id}`,
    isPassed: sessionPassed,
    isOperator: false,
  };
  return user;
}

function invite(remaining: number, soldOut = false): ActivityDetail {
  const at = new Date('2026-11-20T00:00:00Z');
  return {
    activity: {
      id: 7,
      name: '幸运抽奖',
      startsAt: at,
      endsAt: new Date('2026-12-20T00:00:00Z'),
      dailyLimit: 1,
    } as ActivityDetail['activity'],
    prizes: [
      { id: 1, name: '10积分', kind: 'points', remarks: '', stock: soldOut ? 0 : 5 },
    ] as ActivityDetail['prizes'],
    phase: 'running',
    remaining,
    joined: false,
  };
}

const home = new URL('http://shop.local/');
const key = async (user: SessionUser | null, url = home) => (await sharedPageKeys(user, url)).page;
const fillKey = async (user: SessionUser | null, url: URL) =>
  (await sharedPageKeys(user, url)).fill;

describe('sharedPageKeys', () => {
  it('gives members of one segment and one invitation the same home page, whatever their names', async () => {
    const [a, b] = [member({ rank: 2 }), member({ rank: 2 })];
    expect(await key(a)).toBe(await key(b));
    const [c, d] = [member({ rank: 2 }), member({ rank: 2 })];
    invites.set(c.companyId, invite(1));
    invites.set(d.companyId, invite(1));
    expect(await key(c)).toBe(await key(d));
    expect(await key(c)).not.toBe(await key(a));
  });

  it('never gives a member another invitation than their own', async () => {
    const [a, b, c] = [member({}), member({}), member({})];
    invites.set(a.companyId, invite(1));
    invites.set(b.companyId, invite(2));
    invites.set(c.companyId, invite(1, true));
    const keys = new Set([await key(a), await key(b), await key(c), await key(member({}))]);
    expect(keys.size).toBe(4);
  });

  it('tells ranks, approval states, visitors and removed stores apart', async () => {
    const keys = [
      await key(member({ rank: 1 })),
      await key(member({ rank: 3 })),
      await key(member({ isPassed: false })),
      // the session still says approved: the layout reads that
      await key(member({ isPassed: false }, true)),
      await key(null),
      await key(member(null)),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // Unapproved stores see no prices: their rank makes no difference.
    expect(await key(member({ isPassed: false, rank: 4 }))).toBe(keys[2]);
  });

  it('keeps lists shared per segment and the detail page also per favourite', async () => {
    const list = new URL('http://shop.local/list?sort=price');
    const [a, b] = [member({}), member({})];
    invites.set(a.companyId, invite(1));
    expect(await key(a, list)).toBe(await key(b, list));
    const detail = new URL('http://shop.local/list/info/42');
    favourites.add(`${a.companyId}/42`);
    expect(await key(a, detail)).not.toBe(await key(b, detail));
    expect(await key(a, home)).not.toBe(await key(a, list));
  });

  it('holds the query parameters the page reads and leaves out the others', async () => {
    const a = member({});
    const at = (path: string) => key(a, new URL(`http://shop.local${path}`));
    expect(await at('/list?sort=price&utm_source=x&n=3')).toBe(await at('/list?sort=price'));
    expect(await at('/list?sort=price&page=2')).not.toBe(await at('/list?sort=price'));
    expect(await at('/list/info/42?n=1')).toBe(await at('/list/info/42'));
    expect(await at('/list/info/42?goods_price_id=5')).not.toBe(await at('/list/info/42'));
    // the header's search box shows the words on every page
    expect(await at('/?keywords=amxl')).not.toBe(await at('/'));
    expect(await at('/?page=2')).toBe(await at('/'));
  });

  it("gives a goods list's pages one fill key, which its filters, view and reader still tell apart", async () => {
    const [a, b] = [member({ rank: 2 }), member({ rank: 3 })];
    const list = (path: string, user = a) => fillKey(user, new URL(`http://shop.local${path}`));
    expect(await list('/list?sort=price&page=7')).toBe(await list('/list?sort=price'));
    expect(await list('/list?page=2&sort=price&n=1')).toBe(await list('/list?sort=price&page=3'));
    expect(await list('/list?sort=price')).not.toBe(await list('/list?sort=sales'));
    expect(await list('/list?page=2')).not.toBe(await list('/list/table?page=2'));
    expect(await list('/list?keywords=amxl')).not.toBe(await list('/list'));
    expect(await list('/list?page=2', b)).not.toBe(await list('/list?page=2'));
    expect(await list('/list/info/42')).not.toBe(await list('/list'));
    expect(await list('/')).toBeNull();
  });

  it("gives every goods' detail page one fill key per segment, favourite or not, whatever price it shows", async () => {
    const [a, b] = [member({ rank: 2 }), member({ rank: 3 })];
    const detail = (path: string, user: SessionUser | null = a) =>
      fillKey(user, new URL(`http://shop.local${path}`));
    favourites.add(`${a.companyId}/42`);
    const first = await detail('/list/info/42');
    expect(first).not.toBeNull();
    expect(await detail('/list/info/7')).toBe(first);
    expect(await detail('/list/info/7?goods_price_id=5&ladder_price_id=2')).toBe(first);
    expect(await detail('/list/info/42', b)).not.toBe(first);
    expect(await detail('/list/info/42', null)).not.toBe(first);
    // the header's search box is outside the filled region
    expect(await detail('/list/info/7?keywords=amxl')).not.toBe(first);
  });
});
