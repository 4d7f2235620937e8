// Password reset: step 1 proves the phone with an SMS code and gets a one-time ticket; step 2
// sets the password with the ticket (valid as long as the code was) and ends all sessions.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, smsCodes } from '#/server/db/schema/index.ts';
import { hashPassword } from '#/server/auth/password.ts';
import { invalid } from '#/server/errors.ts';
import { destroyAccountSessions } from '#/server/sessions.ts';
import { verifySmsCode } from './sms.ts';

const hash = (t: string) => createHash('sha256').update(t).digest('hex');

export async function startReset(phone: string, code: string): Promise<string> {
  const db = await getDb();
  const id = await verifySmsCode(db, phone, 'reset', code, false);
  const ticket = randomBytes(24).toString('base64url');
  await db
    .update(smsCodes)
    .set({ ticketHash: hash(ticket) })
    .where(eq(smsCodes.id, id));
  return ticket;
}

export async function finishReset(ticket: string, password: string): Promise<void> {
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  const accountId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(smsCodes.ticketHash, hash(ticket)),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date()),
        ),
      )
      .returning({ phone: smsCodes.phone });
    if (!row) throw invalid('ticket', '验证已过期，请重新获取验证码');
    const [acct] = await tx
      .update(accounts)
      .set({ passwordHash })
      .where(eq(accounts.phone, row.phone))
      .returning({ id: accounts.id });
    if (!acct) throw invalid('ticket', '账号不存在');
    return acct.id;
  });
  await destroyAccountSessions(accountId);
}
