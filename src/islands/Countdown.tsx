import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '#/lib/constants.ts';
import { formatCountdown } from '#/lib/shopClock.ts';

/** Ticks every second from the server's clock (not the browser's) down to `endsAt`. */
export default function Countdown({
  serverNow,
  endsAt,
  label,
}: {
  serverNow: string;
  endsAt: string;
  label: string;
}) {
  const end = new Date(endsAt).getTime();
  const [now, setNow] = useState(new Date(serverNow).getTime());
  useEffect(() => {
    const skew = new Date(serverNow).getTime() - Date.now();
    const t = setInterval(() => setNow(Date.now() + skew), CLOCK_TICK_MS);
    return () => clearInterval(t);
  }, [serverNow]);
  return (
    <span data-testid="countdown">
      {label} <b className="font-mono">{formatCountdown(end - now)}</b>
    </span>
  );
}
