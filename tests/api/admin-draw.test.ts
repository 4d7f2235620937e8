import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { demoStaff, staffLogin } from '../support/staff.ts';

// The lucky-draw desk (merchandiser): list, change and end activities; what members draw follows.
// Every activity here is made by this file and is not the home pop-up's.

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const API = '/api/admin/draw';
let merchandiser: Client;
beforeAll(async () => {
  merchandiser = await staffLogin('merchandiser');
});

const activity = (over: Record<string, unknown> = {}) => ({
  name: `桌面抽奖${Date.now().toString(36)}`,
  daily_limit: 3,
  starts_at: at(-1),
  ends_at: at(1),
  prizes: [
    { name: '9积分', kind: 'points', value: '9', weight: '3', stock: '' },
    { name: '满100减8', kind: 'coupon', value: '8.00', threshold: '100', weight: '1', stock: '5' },
  ],
  ...over,
});

const listed = async (id: number) =>
  ((await merchandiser.get(API)).body.data as any[]).find((a) => a.id === id);

describe('lucky-draw desk', () => {
  it('lists an activity with its prizes, odds and stock; the members’ activity is the same', async () => {
    const res = await merchandiser.post(API, activity());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await listed(res.body.data.id);
    expect(row).toMatchObject({ daily_limit: 3, popup: false, state: 'running', draws: 0 });
    expect(row.prizes).toMatchObject([
      { name: '9积分', kind: 'points', value: '9', weight: 3, odds: '75.00', stock: null },
      {
        name: '满100减8',
        kind: 'coupon',
        value: '8.00',
        threshold: '100.00',
        odds: '25.00',
        stock: 5,
      },
    ]);
    const m = await registerMember();
    const seen = await m.client.get(`${API.replace('/admin', '')}/${row.id}/activity`);
    expect(seen.body.data).toMatchObject({ name: row.name, daily_limit: 3, remaining: 3 });
    expect(seen.body.data.prizes.map((p: any) => p.id)).toEqual(row.prizes.map((p: any) => p.id));
  });

  it('changes prizes row by row: ids kept, a new row added, odds and stock reach the draw', async () => {
    const { id } = (await merchandiser.post(API, activity())).body.data;
    const before = await listed(id);
    const changed = await merchandiser.post(
      `${API}/${id}`,
      activity({
        name: '改过的抽奖',
        daily_limit: 1,
        prizes: [
          { name: '9积分', kind: 'points', value: '9', weight: '0' },
          {
            name: '满100减8',
            kind: 'coupon',
            value: '8',
            threshold: '100',
            weight: '0',
            stock: '5',
          },
          { name: '血压计', kind: 'goods', weight: '1', stock: '1', remarks: '客服联系' },
        ],
      }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await listed(id);
    expect(after.name).toBe('改过的抽奖');
    expect(after.prizes.slice(0, 2).map((p: any) => p.id)).toEqual(
      before.prizes.map((p: any) => p.id),
    );
    expect(after.prizes[2]).toMatchObject({ name: '血压计', odds: '100.00', stock: 1 });
    // Only the goods prize has a weight now: the member wins it, and the stock goes down.
    const m = await registerMember();
    const won = await m.client.get('/api/draw', { id });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body.data).toMatchObject({ name: '血压计', remaining: 0 });
    expect((await listed(id)).prizes[2].stock).toBe(0);
    expect((await listed(id)).draws).toBe(1);
    // A prize somebody won stays: removing its row is refused, with the way out.
    const drop = await merchandiser.post(
      `${API}/${id}`,
      activity({ prizes: [{ name: '9积分', kind: 'points', value: '9', weight: '1' }] }),
    );
    expect(drop.status).toBe(422);
    expect(drop.body.message).toBe('奖品「血压计」已有中奖记录，不能删除，可将其中奖权重设为0');
  });

  it('ends an activity: members are refused at once, the change is audited', async () => {
    const { id } = (await merchandiser.post(API, activity())).body.data;
    expect((await merchandiser.post(`${API}/${id}/end`, {})).status).toBe(200);
    expect((await listed(id)).state).toBe('ended');
    const m = await registerMember();
    const res = await m.client.get('/api/draw', { id });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('抽奖活动已结束');
    const audit = await (await demoStaff('admin')).get('/api/admin/audit', {
      action: 'promotion.draw.end',
    });
    expect(audit.body.data.rows[0]).toMatchObject({
      staff: 'merchandiser',
      action_label: '结束抽奖活动',
      entity_id: String(id),
    });
  });

  it('refuses contradictory set-ups with a Chinese message', async () => {
    // One instant for both ends: two calls of at() may fall a millisecond apart.
    const tomorrow = at(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ starts_at: tomorrow, ends_at: tomorrow }, '结束时间须晚于开始时间'],
      [{ starts_at: 'soon' }, '开始时间不正确'],
      [
        { prizes: [{ name: '谢谢参与', kind: 'goods', weight: '0' }] },
        '中奖权重合计须大于0，否则无人能中奖',
      ],
      [
        { prizes: [{ name: '券', kind: 'coupon', value: '10', threshold: '10', weight: '1' }] },
        '第1个奖品的优惠券面额须小于使用门槛',
      ],
      [
        { prizes: [{ name: '零积分', kind: 'points', value: '0', weight: '1' }] },
        '第1个奖品积分须大于0',
      ],
      [{ prizes: [{ name: '积分', kind: 'points', value: '1.5', weight: '1' }] }, '奖品数值不正确'],
      [{ prizes: [{ name: '积分', kind: 'points', value: '1', weight: '' }] }, '中奖权重不正确'],
      [
        { prizes: [{ name: '积分', kind: 'points', value: '1', weight: '-1' }] },
        '中奖权重不能小于0',
      ],
      [{ prizes: [{ name: '积分', kind: 'lottery', value: '1', weight: '1' }] }, '奖品类型不正确'],
      [{ prizes: [] }, '请填写奖品'],
      [{ daily_limit: 0 }, '每日抽奖次数不能小于1'],
    ];
    for (const [over, message] of cases) {
      const res = await merchandiser.post(API, activity(over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    expect((await merchandiser.post(`${API}/2000000000`, activity())).status).toBe(404);
    expect((await merchandiser.post(`${API}/2000000000/end`, {})).status).toBe(404);
    expect((await merchandiser.post(`${API}/x/end`, {})).status).toBe(422);
  });

  it('is the merchandiser’s: other staff 403, buyers 401', async () => {
    const reviewer = await staffLogin('reviewer');
    expect((await reviewer.get(API)).status).toBe(403);
    expect((await reviewer.post(`${API}/1/end`, {})).status).toBe(403);
    expect((await new Client().get(API)).status).toBe(401);
  });
});
