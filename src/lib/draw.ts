// Lucky-draw wording shared by the pop-up and its tests (SPEC 8).

export interface DrawPrizeView {
  id: number;
  name: string;
  kind: 'points' | 'coupon' | 'goods';
  remarks: string;
  sold_out: boolean;
}
export interface DrawActivityView {
  id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  daily_limit: number;
  status: number;
  prizes: DrawPrizeView[];
  remaining: number;
  is_join: number;
}
export interface DrawWinner {
  id: number;
  name: string;
  prize: string;
  created_at: string;
}
export interface DrawResultView {
  id: number;
  name: string;
  remarks: string;
  remaining: number;
}

/** SPEC 8 "Draw won": congratulations, you won {name} ({remarks}). */
export function drawWonMessage(r: { name: string; remarks: string }): string {
  return r.remarks ? `恭喜您，获得${r.name}（${r.remarks}）` : `恭喜您，获得${r.name}`;
}

/** SPEC 8 "Closing during a draw", with its two buttons. */
export const DRAW_CLOSE_CONFIRM = '抽奖进行中，关闭后如未显示结果，请到个人中心查看。';
export const DRAW_CLOSE_LABELS = { confirm: '关闭', cancel: '取消' } as const;
