import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// A dedicated service contact (专属客服) assigned to member companies.
export const serviceAdmins = pgTable('service_admins', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  phone1: text('phone_1').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
});

// One login; it may manage several stores (companies).
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull().default(''),
  name: text('name').notNull().default(''), // contact person
  passwordHash: text('password_hash').notNull(),
  face: text('face').notNull().default(''),
  wechatOpenId: text('wechat_open_id'),
  isCanChat: boolean('is_can_chat').notNull().default(true),
  inviteCode: text('invite_code'),
  isOperator: boolean('is_operator').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('accounts_username_uq').on(t.username),
  uniqueIndex('accounts_phone_uq').on(t.phone),
  uniqueIndex('accounts_invite_code_uq').on(t.inviteCode),
]);

export const COMPANY_TYPES = ['pharmacy', 'clinic', 'hospital', 'wholesaler'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

// A buying company (store). Cart, orders and wallet belong to the company.
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  name: text('name').notNull(),
  type: text('type').$type<CompanyType>().notNull(),
  province: text('province').notNull(),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  rank: integer('rank').notNull().default(1),
  adminId: integer('admin_id').references(() => serviceAdmins.id),
  isPassed: boolean('is_passed').notNull().default(false), // qualifications reviewed by an operator
  isSpecial: boolean('is_special').notNull().default(false),
  isShowYoux: boolean('is_show_youx').notNull().default(true),
  isAfterSale: boolean('is_after_sale').notNull().default(true),
  // 经营范围: the drug classes the licence covers
  jyfw: text('jyfw').array().notNull().default(sql`'{}'::text[]`),
  contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('companies_account_idx').on(t.accountId)]);

// Only the SHA-256 of the session token is stored; the token lives in the cookie.
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  companyId: integer('company_id').notNull().references(() => companies.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_account_idx').on(t.accountId)]);
