// Concurrent wrong-password guesses are charged before the password is checked, so no more than
// the limit are ever evaluated (on PostgreSQL they run truly in parallel, several connections).
import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '#/server/auth/throttle.ts';
import { IpClient, registerMember } from '../support/members.ts';

describe('login throttle under concurrency', () => {
  it('evaluates at most the limit of 40 simultaneous wrong guesses; the rest get 429', async () => {
    const m = await registerMember();
    const attacker = new IpClient();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        attacker.post('/api/login', { username: m.username, password: 'wrong-guess' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
      40 - LOGIN_MAX_FAILURES,
    );
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });
});
