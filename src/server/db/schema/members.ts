import { sql } from 'drizzle-orm';
import { textBigrams } from '../rows.ts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff.ts';

// A dedicated service contact (专属客服) assigned to member companies.
export const serviceAdmins = pgTable('service_admins', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  phone1: text('phone_1').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  /** the staff login that answers this contact's stores in the chat (first choice when online) */
  staffId: integer('staff_id').references(() => staff.id),
});

// One login; it may manage several stores (companies).
export const accounts = pgTable(
  'accounts',
  {
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
  },
  (t) => [
    uniqueIndex('accounts_username_uq').on(t.username),
    uniqueIndex('accounts_phone_uq').on(t.phone),
    uniqueIndex('accounts_invite_code_uq').on(t.inviteCode),
    index('accounts_search_trgm_idx').using(
      'gin',
      t.username.op('gin_trgm_ops'),
      t.phone.op('gin_trgm_ops'),
    ),
    // A two-character login or phone piece holds no trigram (migration 0027).
    index('accounts_search_bigram_idx').using('gin', textBigrams([t.username, t.phone])),
  ],
);

export const COMPANY_TYPES = ['pharmacy', 'clinic', 'hospital', 'wholesaler'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

// A buying company (store). Cart, orders and wallet belong to the company.
/**
 * What a 数电票 names of its buyer. The kind (普通/专用) is each order's `invoice_type`; a 专用发票
 * also needs bank, account and address/phone.
 */
export type InvoiceProfile = {
  title: string;
  taxNo: string;
  bank: string;
  account: string;
  addressPhone: string;
};

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
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
    /** 开票信息 the buyer keeps for finance to issue its invoices on the tax platform */
    invoiceProfile: jsonb('invoice_profile').$type<InvoiceProfile>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_account_idx').on(t.accountId),
    // The store desk's search (storeProfiles/queue.storeWhere), with accounts_search_trgm_idx.
    index('companies_search_trgm_idx').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.province.op('gin_trgm_ops'),
      t.city.op('gin_trgm_ops'),
    ),
    // A two-character name or place (仁和, 武汉) holds no trigram (migration 0027).
    index('companies_search_bigram_idx').using('gin', textBigrams([t.name, t.province, t.city])),
  ],
);

// Only the SHA-256 of the session token is stored; the token lives in the cookie.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

// Contact phone of the store (mobile or landline), asked at registration.
export const companyContacts = pgTable('company_contacts', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  contactName: text('contact_name').notNull(),
  contactPhone: text('contact_phone').notNull(),
  city: text('city').notNull().default(''),
  district: text('district').notNull().default(''),
});

// Failed logins, one row per failure and key ("acct:<identifier>" or "ip:<address>"). Kept in the
// database so that every server process sees the same counters.
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/** A login captcha: the answer's hash until it is used once or expires. */
export const loginChallenges = pgTable('login_challenges', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const SMS_PURPOSES = ['register', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

// SMS verification codes. A reset code, once checked, carries a one-time ticket for step 2.
// The code is kept as is: hashing six digits protects nothing; the 5-minute life, the 5-guess
// limit and the 5-per-hour limit do.
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<SmsPurpose>().notNull(),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ticketHash: text('ticket_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    consignee: text('consignee').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_company_idx').on(t.companyId)],
);

// Messages to a member (notices from the shop: reviews, orders, promotions).
export const memberMessages = pgTable(
  'member_messages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** a site path the message points to (the goods that arrived), or '' */
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_messages_account_idx').on(t.accountId, t.createdAt)],
);

export const LICENCE_TYPES = [
  'business',
  'drug_trade',
  'medical_institution',
  'device_record',
  'gsp',
] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_STATES = ['pending', 'approved', 'rejected'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

// 资质证件: a licence of a store with its scanned file, reviewed by staff (资质审核).
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type').$type<LicenceType>().notNull(),
    number: text('number').notNull(),
    expiresOn: text('expires_on').notNull(), // YYYY-MM-DD, a calendar date in China
    file: text('file').notNull().default(''), // random name under uploadsDir()/licences
    mime: text('mime').notNull().default(''),
    state: text('state').$type<LicenceState>().notNull().default('pending'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => staff.id),
    /** the last expiry reminder sent to the buyer */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    index('licences_company_idx').on(t.companyId),
    index('licences_state_idx').on(t.state, t.createdAt),
  ],
);

// One-time codes shown as a QR to bind a WeChat account to a login.
export const wechatBindCodes = pgTable('wechat_bind_codes', {
  code: text('code').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  content: text('content').notNull(),
  contact: text('contact').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** customer service's answer, also sent to the buyer's messages */
  reply: text('reply').notNull().default(''),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  repliedBy: integer('replied_by').references(() => staff.id),
});

// 乙类 (class-B OTC) purchase records kept for the store's register.
export const classBRecords = pgTable(
  'class_b_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    goodsName: text('goods_name').notNull(),
    spec: text('spec').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_b_records_company_idx').on(t.companyId, t.createdAt)],
);
