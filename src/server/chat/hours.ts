// Service hours: site setting `chat_hours` ({open, close} in Beijing time), DEFAULT_CHAT_HOURS
// when unset. Admins change it on the chat desk.
import { eq } from 'drizzle-orm';
import { DEFAULT_CHAT_HOURS, HOUR_MINUTE, type ChatHours } from '#/lib/chat.ts';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { siteSettings } from '#/server/db/schema/index.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

const KEY = 'chat_hours';

export async function chatHours(q?: Db | Tx): Promise<ChatHours> {
  const db = q ?? (await getDb());
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, KEY))
    .limit(1);
  const v = (row?.value ?? {}) as Partial<ChatHours>;
  return typeof v.open === 'string' &&
    typeof v.close === 'string' &&
    HOUR_MINUTE.test(v.open) &&
    HOUR_MINUTE.test(v.close)
    ? { open: v.open, close: v.close }
    : DEFAULT_CHAT_HOURS;
}

export async function setChatHours(actor: StaffActor, hours: ChatHours): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await chatHours(tx);
    await tx
      .insert(siteSettings)
      .values({ key: KEY, value: hours })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: hours } });
    await recordAudit(tx, actor, {
      action: 'chat.hours',
      entity: 'site_setting',
      entityId: KEY,
      before,
      after: hours,
    });
  });
}
