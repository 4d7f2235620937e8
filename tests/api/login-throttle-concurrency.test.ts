// Concurrent logins are charged before the password is checked: a burst of wrong guesses cannot all
// be evaluated (on PostgreSQL they run truly in parallel), while parallel correct logins of one
// account (a chain's tills at opening time) all get in without a captcha.
import { describe, expect, it } from 'vitest';
import { PAIR_MAX_FAILURES } from '#/server/auth/throttle.ts';
import { IpClient, PASSWORD, registerMember } from '../support/members.ts';

describe('login throttle under concurrency', () => {
  it('checks at most the lock limit of 40 simultaneous wrong guesses; the rest are refused', async () => {
    const m = await registerMember();
    const attacker = new IpClient();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        attacker.post('/api/login', { username: m.username, password: 'wrong-guess' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeLessThanOrEqual(PAIR_MAX_FAILURES);
    // The rest: locked (429) or asked for the captcha (422).
    expect(statuses.every((s) => s === 400 || s === 422 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 422 || s === 429).length).toBe(40 - checked);
  });

  it('lets eight parallel correct logins of one account in, none asked for a captcha', async () => {
    const m = await registerMember();
    const tills = Array.from({ length: 8 }, () => new IpClient());
    const answers = await Promise.all(
      tills.map((c) => c.post('/api/login', { username: m.username, password: PASSWORD })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  });
});
