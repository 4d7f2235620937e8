// Promotions on a test's own goods, made by the demo merchandiser through the promotions desk
// (/api/admin/promotions/*), so tests do not lean on the seed. Forms as tests write them: prices
// in fen, windows in seconds from now.
import type { ApiResponse } from './http.ts';
import { demoStaff } from './staff.ts';

const yuan = (fen: number | string) => (Number(fen) / 100).toFixed(2);
const inSeconds = (s: number | undefined, fallback: number) =>
  new Date(Date.now() + (s ?? fallback) * 1000).toISOString();

const VARIANT_PATH: Record<string, string> = {
  flash: 'flash_sales',
  daily_special: 'daily_specials',
  near_expiry: 'near_expiry',
  yj: 'yj',
};

type Form = Record<string, any>;

/** Answers the desk's response: 201 `{data: {id}}`, or its refusal. */
export async function createPromotion(form: Form): Promise<ApiResponse> {
  const desk = await demoStaff('merchandiser');
  const starts_at = inSeconds(form['starts_in'], -60);
  const ends_at = inSeconds(form['ends_in'], 86_400);
  switch (form['kind']) {
    case 'variant':
      return desk.post(`/api/admin/promotions/${VARIANT_PATH[form['price_kind']]}`, {
        goods_id: form['goods_id'],
        price: yuan(form['price']),
        user_limit: form['user_limit'] ?? '',
        lot_id: form['lot_id'] ?? '',
        starts_at,
        ends_at,
      });
    case 'gift':
      return desk.post('/api/admin/promotions/gifts', {
        goods_id: form['goods_id'],
        gift_name: form['gift_name'],
        buy_number: form['buy_number'],
        gift_number: form['gift_number'],
        starts_at,
      });
    case 'combination':
      return desk.post('/api/admin/promotions/combinations', {
        name: form['name'],
        pack_price: yuan(form['pack_price']),
        items: form['items'],
        starts_at,
      });
    case 'manjian':
      return desk.post('/api/admin/promotions/manjian', {
        name: form['name'],
        tiers: form['tiers'].map((t: { amount: number; reduce: number }) => ({
          amount: yuan(t.amount),
          reduce: yuan(t.reduce),
        })),
        goods_ids: form['goods_ids'].join(','),
        starts_at,
        ends_at,
      });
    default:
      throw new Error(`unknown promotion kind ${form['kind']}`);
  }
}
