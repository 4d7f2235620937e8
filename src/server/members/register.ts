import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import {
  accounts,
  companies,
  companyContacts,
  memberMessages,
  serviceAdmins,
} from '#/server/db/schema/index.ts';
import { hashPassword } from '#/server/auth/password.ts';
import { invalid } from '#/server/errors.ts';
import { verifySmsCode } from './sms.ts';
import type { RegisterInput } from './forms.ts';

/** Username (case-insensitively: a buyer sees "Demo" and "demo" as one login) and phone are unique. */
export async function assertAccountFree(
  db: Db | Tx,
  username: string,
  phone: string,
): Promise<void> {
  const rows = await db
    .select({ username: accounts.username, phone: accounts.phone })
    .from(accounts)
    .where(
      or(sql`lower(${accounts.username}) = ${username.toLowerCase()}`, eq(accounts.phone, phone)),
    );
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase()))
    throw invalid('username', '该用户名已被注册');
  if (rows.some((r) => r.phone === phone)) throw invalid('phone', '该手机号已注册，请直接登录');
}

/** Step 1 of the registration: rules, uniqueness and the SMS code (not spent yet). */
export async function checkAccountStep(input: {
  username: string;
  phone: string;
  code: string;
}): Promise<void> {
  const db = await getDb();
  await assertAccountFree(db, input.username, input.phone);
  await verifySmsCode(db, input.phone, 'register', input.code, false);
}

const newInviteCode = () => 'YP' + randomBytes(4).toString('hex').toUpperCase();

/** Creates the login and its first store; the store waits for the licence review (is_passed false). */
export async function registerMember(
  input: RegisterInput,
): Promise<{ accountId: number; companyId: number }> {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await assertAccountFree(tx, input.username, input.phone);
    await verifySmsCode(tx, input.phone, 'register', input.code, true);
    if (input.invited_code) {
      const [inviter] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.inviteCode, input.invited_code))
        .limit(1);
      if (!inviter) throw invalid('invited_code', '邀请码不存在');
    }
    const [account] = await tx
      .insert(accounts)
      .values({
        username: input.username,
        phone: input.phone,
        name: input.contact_name,
        passwordHash,
        inviteCode: newInviteCode(),
      })
      .returning({ id: accounts.id });
    const [admin] = await tx
      .select({ id: serviceAdmins.id })
      .from(serviceAdmins)
      .where(eq(serviceAdmins.isDefault, true))
      .limit(1);
    const [company] = await tx
      .insert(companies)
      .values({
        accountId: account!.id,
        name: input.company_name,
        type: input.company_type,
        province: input.province,
        city: input.city,
        address: input.address,
        adminId: admin?.id ?? null,
        isPassed: false,
      })
      .returning({ id: companies.id });
    await tx.insert(companyContacts).values({
      companyId: company!.id,
      contactName: input.contact_name,
      contactPhone: input.contact_phone,
      city: input.city,
      district: input.district,
    });
    await tx.insert(memberMessages).values({
      accountId: account!.id,
      title: '欢迎注册药批',
      content: `${input.company_name} 已注册成功。请在“资质证件”中上传营业执照、药品经营许可证等资质，审核通过后即可采购。`,
    });
    return { accountId: account!.id, companyId: company!.id };
  });
}
