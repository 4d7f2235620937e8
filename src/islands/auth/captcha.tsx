// The login captcha of both doors (buyers' /login, staff's /admin/login): hidden until the server
// asks for it (field `captcha` in a refusal), then a picture to answer, redrawn after every
// attempt since each picture answers once.
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '#/client/api.ts';

interface Challenge {
  id: string;
  image: string;
}

export function useLoginCaptcha() {
  const [needed, setNeeded] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');

  const redraw = useCallback(async () => {
    setAnswer('');
    try {
      setChallenge((await api.get<{ data: Challenge }>('/api/captcha', {}, { silent: true })).data);
    } catch {
      setChallenge(null);
      setError('验证码加载失败，请点击图片重试');
    }
  }, []);

  useEffect(() => {
    if (needed) void redraw();
  }, [needed, redraw]);

  return {
    needed,
    challenge,
    answer,
    setAnswer,
    error,
    redraw,
    /** The fields a login post carries. */
    fields: (): Record<string, string> =>
      needed && challenge ? { captcha_id: challenge.id, captcha: answer.trim() } : {},
    /**
     * After a refused attempt: shows the captcha once the server asks for it, redraws a used one.
     * Returns the message when the refusal was about the captcha itself (shown at the input).
     */
    afterRefusal: (e: unknown): string | null => {
      const asked =
        e instanceof ApiError
          ? ((e.data as { errors?: Record<string, string[]> } | null)?.errors?.['captcha']?.[0] ??
            null)
          : null;
      if (needed) void redraw();
      else if (asked) setNeeded(true);
      const own = asked && e instanceof ApiError && e.status === 422 ? asked : null;
      setError(own ?? '');
      return own;
    },
  };
}

export type LoginCaptcha = ReturnType<typeof useLoginCaptcha>;

/** The answer input beside its picture; clicking the picture draws another. */
export function CaptchaInput({
  captcha,
  className,
}: {
  captcha: LoginCaptcha;
  className?: string;
}) {
  if (!captcha.needed) return null;
  return (
    <span className="flex items-center gap-2" data-testid="captcha">
      <input
        name="captcha"
        autoComplete="off"
        inputMode="text"
        maxLength={8}
        placeholder="图中字符"
        value={captcha.answer}
        onChange={(e) => captcha.setAnswer(e.target.value)}
        aria-invalid={Boolean(captcha.error) || undefined}
        className={`h-9 w-28 rounded border px-3 outline-none focus:border-brand-500 ${captcha.error ? 'border-red-400' : 'border-gray-300'} ${className ?? ''}`}
      />
      <button
        type="button"
        onClick={() => void captcha.redraw()}
        title="看不清？换一张"
        className="h-10 w-[120px] shrink-0 overflow-hidden rounded border border-gray-200"
      >
        {captcha.challenge && (
          <img src={captcha.challenge.image} alt="验证码" width={120} height={40} />
        )}
      </button>
    </span>
  );
}
