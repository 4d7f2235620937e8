// 品种求购 in the SPEC's wire format (yuan strings, status text), for the buyer's pages and API.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { WantedStatus } from '#/server/db/schema/index.ts';
import type { Page } from '#/server/http/respond.ts';
import type { WantedRow } from './wanted.ts';

export const WANTED_STATUS_LABEL: Record<WantedStatus, string> = {
  pending: '待处理',
  replied: '已回复',
  arrived: '已到货',
  closed: '已关闭',
};

export interface WantedView {
  id: number;
  goods_name: string;
  spec: string;
  manufacturer: string;
  quantity: number;
  expected_price: string | null;
  phone: string;
  remarks: string;
  status: WantedStatus;
  status_text: string;
  reply: string;
  /** the goods page once the variety arrived, else null */
  goods_url: string | null;
  created_at: string;
}

export function presentWanted(r: WantedRow): WantedView {
  return {
    id: r.id,
    goods_name: r.goodsName,
    spec: r.spec,
    manufacturer: r.manufacturer,
    quantity: r.quantity,
    expected_price: r.expectedPrice === null ? null : fenToYuan(r.expectedPrice),
    phone: r.phone,
    remarks: r.remarks,
    status: r.status,
    status_text: WANTED_STATUS_LABEL[r.status],
    reply: r.reply,
    goods_url: r.arrivedGoodsId ? goodsPath(r.arrivedGoodsId) : null,
    created_at: shopIso(r.createdAt),
  };
}

export const presentWantedPage = (p: Page<WantedRow>): Page<WantedView> => ({
  ...p,
  rows: p.rows.map(presentWanted),
});

/** The buyer's page of a goods (SPEC: /list/info/{id}). */
export const goodsPath = (goodsId: number) => `/list/info/${goodsId}`;
