import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#/server/auth/password.ts';

describe('passwords', () => {
  it('hashes and verifies many at once, more than there are cores (they take turns)', async () => {
    const passwords = Array.from({ length: 6 }, (_, i) => `secret-${i}`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    const right = await Promise.all(passwords.map((p, i) => verifyPassword(p, hashes[i]!)));
    const wrong = await Promise.all(passwords.map((p, i) => verifyPassword(`${p}x`, hashes[i]!)));
    expect(right).toEqual(passwords.map(() => true));
    expect(wrong).toEqual(passwords.map(() => false));
  });

  it('a failing hash gives its turn back', async () => {
    // N must be a power of two: scrypt refuses this one. More failures than any machine's cores:
    // a turn kept by a failure would leave the next hash waiting for ever.
    const failures = Array.from({ length: 64 }, () =>
      expect(verifyPassword('x', 'scrypt$3$8$1$AAAA$AAAA')).rejects.toThrow(),
    );
    await Promise.all(failures);
    expect(await verifyPassword('y', await hashPassword('y'))).toBe(true);
  });
});
