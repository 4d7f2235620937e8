// The member's own record: the User of SPEC 3, basic info, password, business scope, invites.
import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, companies, serviceAdmins } from '#/server/db/schema/index.ts';
import { hashPassword, verifyPassword } from '#/server/auth/password.ts';
import { notFound, invalid } from '#/server/errors.ts';
import { createSession, destroyAccountSessions, type SessionUser } from '#/server/sessions.ts';
import { headerCommon } from '#/server/header.ts';
import { drugClassLabel } from '#/lib/drugClass.ts';
import { qualityLink } from '#/lib/gspDocuments.ts';
import { cartCountSql } from '#/server/cart/state.ts';
import { pointsSql } from '#/server/wallet/accounts.ts';
import { unreadCountSql } from './messages.ts';
import { fullAddress } from './address.ts';
import type { UserRecord } from '#/lib/apiTypes.ts';

export type { UserRecord };

/** A visitor gets `{show: true}` only: the header shows login and register when `company` is absent. */
export async function userRecord(
  user: SessionUser | null,
  sessionToken: string | null,
): Promise<UserRecord> {
  if (!user) return { show: true };
  const db = await getDb();
  const [row] = await db
    .select({
      username: accounts.username,
      name: accounts.name,
      phone: accounts.phone,
      face: accounts.face,
      wechat: accounts.wechatOpenId,
      isCanChat: accounts.isCanChat,
      inviteCode: accounts.inviteCode,
      company: companies.name,
      rank: companies.rank,
      province: companies.province,
      city: companies.city,
      address: companies.address,
      isPassed: companies.isPassed,
      isSpecial: companies.isSpecial,
      isShowYoux: companies.isShowYoux,
      isAfterSale: companies.isAfterSale,
      adminName: serviceAdmins.name,
      adminPhone: serviceAdmins.phone,
      adminPhone1: serviceAdmins.phone1,
      adminDefault: serviceAdmins.isDefault,
      // The header's figures come with the record: one query for the call every page makes.
      cart: cartCountSql(user.companyId),
      unread: unreadCountSql(user.accountId),
      points: pointsSql(user.companyId),
    })
    .from(companies)
    .innerJoin(accounts, eq(accounts.id, companies.accountId))
    .leftJoin(serviceAdmins, eq(serviceAdmins.id, companies.adminId))
    .where(eq(companies.id, user.companyId))
    .limit(1);
  if (!row) return { show: true };
  const common = await headerCommon();
  return {
    show: true,
    username: row.username,
    name: row.name,
    phone: row.phone,
    company: row.company,
    face: row.face,
    rank: row.rank,
    admin: row.adminName
      ? {
          name: row.adminName,
          phone: row.adminPhone ?? '',
          phone_1: row.adminPhone1 ?? '',
          is_default: row.adminDefault ?? false,
        }
      : null,
    address: fullAddress(row.province, row.city, row.address),
    is_passed: row.isPassed,
    points: Number(row.points),
    cart: Number(row.cart),
    message_count: Number(row.unread),
    wechat: Boolean(row.wechat),
    common_config: common.common_config,
    quality_inspection: qualityLink(row.isPassed, common.quality_inspection),
    login_url: '/login',
    is_show_youx: row.isShowYoux,
    is_special: row.isSpecial,
    is_can_chat: row.isCanChat,
    // SPEC 3 field: chat shows only when it is set. The chat itself authenticates with the cookie
    // and never puts the token in a URL.
    token: sessionToken ?? '',
    is_AfterSale: row.isAfterSale,
    invited_codes: row.inviteCode ?? '',
  };
}

export async function updateUserInfo(
  accountId: number,
  input: { name: string; phone: string },
): Promise<void> {
  const db = await getDb();
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.phone, input.phone), ne(accounts.id, accountId)))
    .limit(1);
  if (taken) throw invalid('phone', '该手机号已被其他账号使用');
  await db
    .update(accounts)
    .set({ name: input.name, phone: input.phone })
    .where(eq(accounts.id, accountId));
}

/**
 * Sets a new password, ends every session of the account and returns a fresh one for the
 * current store, so a stolen cookie stops working and the member stays logged in.
 */
/**
 * A member's own password change: the current password first (a session left open on a shared
 * computer must not be enough to take the account over).
 */
export async function changePassword(
  accountId: number,
  companyId: number,
  current: string,
  password: string,
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const [account] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account || !(await verifyPassword(current, account.passwordHash)))
    throw invalid('old_password', '当前密码不正确');
  if (current === password) throw invalid('password', '新密码不能与当前密码相同');
  await db
    .update(accounts)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(accounts.id, accountId));
  await destroyAccountSessions(accountId);
  return createSession(accountId, companyId);
}

/** 经营范围 of the current store, with names. */
export async function businessScope(companyId: number): Promise<{ code: string; name: string }[]> {
  const db = await getDb();
  const [row] = await db
    .select({ jyfw: companies.jyfw })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return (row?.jyfw ?? []).map((code) => ({
    code,
    name: drugClassLabel(code),
  }));
}

/**
 * Invite codes: with `code`, whether it belongs to a member (the registration form checks it);
 * without, the caller's own code (visitors have none).
 */
export async function inviteInfo(
  accountId: number | null,
  code: string | undefined,
): Promise<{ invited_code: string; valid: boolean }> {
  const db = await getDb();
  if (code) {
    const [owner] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.inviteCode, code))
      .limit(1);
    return { invited_code: code, valid: Boolean(owner) };
  }
  if (accountId === null) return { invited_code: '', valid: false };
  const [me] = await db
    .select({ code: accounts.inviteCode })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!me) throw notFound();
  return { invited_code: me.code ?? '', valid: Boolean(me.code) };
}
