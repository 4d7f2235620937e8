import type { Db } from '#/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { serviceAdmins, staff } from '#/server/db/schema/index.ts';
import { ROLE_LABEL, STAFF_ROLES } from '#/lib/staffRoles.ts';
import { DEMO_PASSWORD_HASH } from './members.ts';

/** One demo staff login per role, named after it (`admin`, `reviewer`, …), password yaopi2026. */
export const DEMO_STAFF = STAFF_ROLES;

export async function seedStaff(db: Db): Promise<void> {
  const passwordHash = DEMO_PASSWORD_HASH;
  await db.insert(staff).values(
    STAFF_ROLES.map((role) => ({
      login: role,
      name: `演示${ROLE_LABEL[role]}`,
      passwordHash,
      roles: [role],
    })),
  );
  // The default dedicated contact answers its stores' chats as the `service` login.
  const [service] = await db.select({ id: staff.id }).from(staff).where(eq(staff.login, 'service'));
  await db
    .update(serviceAdmins)
    .set({ staffId: service!.id })
    .where(eq(serviceAdmins.isDefault, true));
}
