import { useEffect, useRef, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { DRAW_CLOSE_ANIMATION_MS, DRAW_DELAY_MS } from '#/lib/constants.ts';
import {
  DRAW_CLOSE_CONFIRM,
  DRAW_CLOSE_LABELS,
  drawWonMessage,
  type DrawActivityView,
  type DrawResultView,
  type DrawWinner,
} from '#/lib/draw.ts';
import { alertDialog, confirmDialog } from '#/stores/notice.ts';

// The home page renders this only for a member whose simple query says is_join 0 (the page asks
// the server module directly), so visitors and members who joined load no JS for it.
const DISMISSED_KEY = 'draw_dismissed';
const WINNERS_SHOWN = 3;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = 'hidden' | 'open' | 'drawing' | 'leaving';

export default function LuckyDraw({ activity }: { activity: DrawActivityView }) {
  const [phase, setPhase] = useState<Phase>('hidden');
  const [remaining, setRemaining] = useState(activity.remaining);
  const [winners, setWinners] = useState<DrawWinner[]>([]);
  const closed = useRef(false);

  useEffect(() => {
    // Closed once in this tab: do not ask again on every visit of the home page.
    if (sessionStorage.getItem(DISMISSED_KEY) === String(activity.id)) return;
    setPhase('open');
    api
      .get<{ data: DrawWinner[] }>('/api/draw/new_record', { id: activity.id }, { silent: true })
      .then((res) => setWinners(res.data.slice(0, WINNERS_SHOWN)))
      .catch(() => {
        /* the list is decoration: the draw works without it */
      });
  }, [activity.id]);

  const hide = () => {
    closed.current = true;
    sessionStorage.setItem(DISMISSED_KEY, String(activity.id));
    setPhase('hidden');
  };

  const close = async () => {
    if (phase === 'drawing' && !(await confirmDialog(DRAW_CLOSE_CONFIRM, DRAW_CLOSE_LABELS)))
      return;
    hide();
  };

  const draw = async () => {
    setPhase('drawing');
    const started = Date.now();
    let result: DrawResultView | null = null;
    try {
      result = (await api.get<{ data: DrawResultView }>('/api/draw', { id: activity.id })).data;
    } catch (e) {
      ignoreHandled(e);
    }
    // The wheel turns about DRAW_DELAY_MS whatever the server's speed.
    await wait(Math.max(0, DRAW_DELAY_MS - (Date.now() - started)));
    if (closed.current) return;
    if (!result) {
      setPhase('open');
      return;
    }
    setRemaining(result.remaining);
    alertDialog(drawWonMessage(result), { icon: 'success' });
    setPhase('leaving');
    await wait(DRAW_CLOSE_ANIMATION_MS);
    hide();
  };

  if (phase === 'hidden') return null;
  const drawing = phase === 'drawing';
  return (
    <div
      className="fixed inset-0 z-[90] flex items-center justify-center bg-black/40"
      data-testid="lucky-draw"
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={activity.name}
        className="relative w-[420px] rounded-lg bg-gradient-to-b from-red-500 to-orange-400 p-6 text-white shadow-2xl transition-all ease-in"
        style={{
          transitionDuration: `${DRAW_CLOSE_ANIMATION_MS}ms`,
          ...(phase === 'leaving'
            ? { opacity: 0, transform: 'scale(0.3) translateY(-200px)' }
            : {}),
        }}
      >
        <button
          type="button"
          aria-label="关闭抽奖"
          onClick={close}
          className="absolute right-3 top-2 text-2xl leading-none text-white/80 hover:text-white"
        >
          ×
        </button>
        <h2 className="mb-1 text-center text-2xl font-bold">{activity.name}</h2>
        <p className="mb-4 text-center text-sm text-white/90">今日剩余 {remaining} 次抽奖机会</p>
        <ul className="mb-5 grid grid-cols-3 gap-2 text-center text-sm" aria-label="奖品">
          {activity.prizes.map((p) => (
            <li
              key={p.id}
              className={`flex h-16 items-center justify-center rounded bg-white px-1 text-red-600 ${drawing ? 'animate-pulse' : ''} ${p.sold_out ? 'opacity-40' : ''}`}
            >
              {p.name}
              {p.sold_out ? '（已抽完）' : ''}
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={draw}
          disabled={drawing || phase === 'leaving' || remaining <= 0}
          className="mx-auto block w-48 rounded-full bg-yellow-300 py-2.5 text-lg font-bold text-red-600 shadow disabled:opacity-70"
        >
          {drawing ? '抽奖中…' : remaining > 0 ? '立即抽奖' : '今日次数已用完'}
        </button>
        {winners.length > 0 && (
          <ul
            className="mt-4 space-y-0.5 rounded bg-black/10 px-3 py-2 text-xs text-white/90"
            aria-label="最新中奖"
          >
            {winners.map((w) => (
              <li key={w.id} className="truncate">
                恭喜 {w.name} 获得 {w.prize}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-center text-xs text-white/80">
          中奖记录可在
          <a href="/user/draw" className="underline">
            个人中心 · 抽奖记录
          </a>
          查看
        </p>
      </div>
    </div>
  );
}
