import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { accounts, smsCodes, type SmsPurpose } from '#/server/db/schema/index.ts';
import { rateLimited, invalid } from '#/server/errors.ts';
import { logger } from '#/server/log.ts';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_PER_PHONE_PER_HOUR = 5;
const MAX_CHECKS_PER_CODE = 5;

/** Delivers a text to a phone. The default provider writes it to the server log. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

// The text carries the code: only the masked number goes to the log (tests read codes through
// the test hook, GET /api/dev/sms).
const logProvider: SmsProvider = {
  async send(phone) {
    logger.info('sms sent', { phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  },
};

// A real gateway is plugged in here by name (SMS_PROVIDER); only `log` exists so far.
export function smsProvider(): SmsProvider {
  return logProvider;
}

const PURPOSE_TEXT: Record<SmsPurpose, string> = { register: '注册', reset: '找回密码' };

export async function phoneRegistered(phone: string, db?: Db | Tx): Promise<boolean> {
  const d = db ?? (await getDb());
  const [row] = await d
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.phone, phone))
    .limit(1);
  return Boolean(row);
}

export async function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<void> {
  const db = await getDb();
  const registered = await phoneRegistered(phone);
  if (purpose === 'register' && registered) throw invalid('phone', '该手机号已注册，请直接登录');
  if (purpose === 'reset' && !registered) throw invalid('phone', '该手机号未注册');
  const hourAgo = new Date(Date.now() - 3600_000);
  const [sent] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, hourAgo)));
  if (Number(sent?.n ?? 0) >= SMS_PER_PHONE_PER_HOUR)
    throw rateLimited('验证码发送过于频繁，请1小时后再试');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insert(smsCodes)
    .values({ phone, purpose, code, expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS) });
  await smsProvider().send(
    phone,
    `【药批】您的${PURPOSE_TEXT[purpose]}验证码为 ${code}，5分钟内有效，请勿告诉他人。`,
  );
}

/**
 * Checks the latest live code of a phone; wrong guesses count, and five spend the code.
 * With `consume` the code is marked used so that it works once.
 */
export async function verifySmsCode(
  db: Db | Tx,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  consume: boolean,
): Promise<number> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_CHECKS_PER_CODE)
    throw invalid('code', '验证码已失效，请重新获取');
  if (row.code !== code) {
    await db
      .update(smsCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(smsCodes.id, row.id));
    throw invalid('code', '验证码不正确');
  }
  if (consume) await db.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, row.id));
  return row.id;
}
