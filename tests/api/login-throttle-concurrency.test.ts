// Concurrent wrong-password guesses are charged before the password is checked, so no more than
// the captcha-free allowance are ever evaluated (on PostgreSQL they run truly in parallel).
import { describe, expect, it } from 'vitest';
import { CAPTCHA_AFTER_FAILURES } from '#/server/auth/throttle.ts';
import { IpClient, registerMember } from '../support/members.ts';

describe('login throttle under concurrency', () => {
  it('checks at most the captcha-free allowance of 40 simultaneous wrong guesses; the rest are refused', async () => {
    const m = await registerMember();
    const attacker = new IpClient();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        attacker.post('/api/login', { username: m.username, password: 'wrong-guess' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // Truly parallel guesses may all see the others' charges first, so none at all may be checked.
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
    // The rest: the captcha asked for (422) or, when the burst passed the lock, 429.
    expect(statuses.every((s) => s === 400 || s === 422 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 422 || s === 429).length).toBe(40 - checked);
  });
});
