// 资质 (licences): uploads checked by content and kept in storage.ts, served only to their
// owner and the reviewing staff; expiry drives ordering (expired blocks, 30 days before warns).
// Staff review them in src/server/licences/.
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { shopDay, shopIso } from '#/lib/shopClock.ts';
import { getDb, type Db, type Tx } from './db/client.ts';
import {
  companies,
  licences,
  type CompanyType,
  type LicenceState,
  type LicenceType,
} from './db/schema/index.ts';
import { accept, get, isStoredName, put, remove, type StoredFile } from './storage.ts';
import { notFound, invalid } from './errors.ts';
import { LICENCE_LABELS } from '#/lib/validation.ts';
import { LICENCE_WARN_DAYS } from '#/lib/constants.ts';

/** The licence a store of this type must have approved and in date before it may buy. */
export const REQUIRED_LICENCE: Record<CompanyType, LicenceType> = {
  pharmacy: 'drug_trade',
  wholesaler: 'drug_trade',
  clinic: 'medical_institution',
  hospital: 'medical_institution',
};

export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;
const LICENCE_FILES = {
  types: ['image/jpeg', 'image/png', 'application/pdf'],
  maxBytes: LICENCE_MAX_BYTES,
} as const;

export const LICENCE_STATE_LABEL: Record<LicenceState, string> = {
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
};

/** Days from `today` (a YYYY-MM-DD in China) to an expiry date; negative once expired. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round(
    (Date.parse(expiresOn + 'T00:00:00Z') - Date.parse(today + 'T00:00:00Z')) / 86_400_000,
  );
}

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day + 'T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
}

export interface LicenceView {
  id: number;
  type: LicenceType;
  type_name: string;
  number: string;
  expires_on: string;
  days_left: number;
  state: LicenceState;
  state_name: string;
  remark: string;
  file_url: string | null;
  created_at: string;
}

type LicenceRow = typeof licences.$inferSelect;

function view(row: LicenceRow, today: string): LicenceView {
  return {
    id: row.id,
    type: row.type,
    type_name: LICENCE_LABELS[row.type],
    number: row.number,
    expires_on: row.expiresOn,
    days_left: daysUntil(row.expiresOn, today),
    state: row.state,
    state_name: LICENCE_STATE_LABEL[row.state],
    remark: row.remark,
    file_url: row.file ? `/api/user/zizhi/${row.id}/file` : null,
    created_at: shopIso(row.createdAt),
  };
}

export async function listLicences(companyId: number): Promise<LicenceView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(licences)
    .where(eq(licences.companyId, companyId))
    .orderBy(asc(licences.type), asc(licences.id));
  const today = shopDay(new Date());
  return rows.map((r) => view(r, today));
}

export interface LicenceStatus {
  /** an approved licence has expired: ordering is blocked */
  expired: boolean;
  expiredLicences: { id: number; type_name: string; expires_on: string }[];
  /** approved licences expiring within LICENCE_WARN_DAYS */
  expiringSoon: { id: number; type_name: string; expires_on: string; days_left: number }[];
  /** licence types whose latest upload was rejected (nothing newer waits for review) */
  rejected: { id: number; type: LicenceType; type_name: string; remark: string }[];
}

/**
 * The licence state a company's ordering depends on (catalog eligibility and checkout call it).
 * Only the newest approved licence of each type counts, so a renewed upload replaces an expired
 * one once approved.
 */
export async function licenceStatus(
  companyId: number,
  now = new Date(),
  tx?: Db | Tx,
): Promise<LicenceStatus> {
  return (await licenceStatuses([companyId], now, tx)).get(companyId)!;
}

/** licenceStatus of several companies (a buyer's stores) in one read. */
export async function licenceStatuses(
  companyIds: readonly number[],
  now = new Date(),
  tx?: Db | Tx,
): Promise<Map<number, LicenceStatus>> {
  const out = new Map<number, LicenceRow[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length) {
    const db = tx ?? (await getDb());
    const rows = await db
      .select()
      .from(licences)
      .where(inArray(licences.companyId, [...companyIds]))
      .orderBy(asc(licences.expiresOn), asc(licences.id));
    for (const r of rows) out.get(r.companyId)!.push(r);
  }
  const today = shopDay(now);
  return new Map([...out].map(([id, rows]) => [id, statusOf(rows, today)]));
}

function statusOf(rows: readonly LicenceRow[], today: string): LicenceStatus {
  const newestByType = new Map<LicenceType, LicenceRow>();
  const latestUpload = new Map<LicenceType, LicenceRow>();
  for (const r of rows) {
    if (r.state === 'approved') newestByType.set(r.type, r); // ascending expiry: the last one wins
    const seen = latestUpload.get(r.type);
    if (!seen || seen.id < r.id) latestUpload.set(r.type, r);
  }
  const status: LicenceStatus = {
    expired: false,
    expiredLicences: [],
    expiringSoon: [],
    rejected: [],
  };
  for (const r of newestByType.values()) {
    const days = daysUntil(r.expiresOn, today);
    const item = { id: r.id, type_name: LICENCE_LABELS[r.type], expires_on: r.expiresOn };
    if (days < 0) {
      status.expired = true;
      status.expiredLicences.push(item);
    } else if (days <= LICENCE_WARN_DAYS) {
      status.expiringSoon.push({ ...item, days_left: days });
    }
  }
  for (const r of latestUpload.values())
    if (r.state === 'rejected')
      status.rejected.push({
        id: r.id,
        type: r.type,
        type_name: LICENCE_LABELS[r.type],
        remark: r.remark,
      });
  return status;
}

/**
 * Whether a store of this type is approved (is_passed): an approved licence of its required type
 * is in date. Reviews and type changes set the flag from this; expiry later blocks ordering
 * through licenceStatus.
 */
export async function storeApproved(
  tx: Db | Tx,
  companyId: number,
  type: CompanyType,
  now = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({ id: licences.id })
    .from(licences)
    .where(
      and(
        eq(licences.companyId, companyId),
        eq(licences.type, REQUIRED_LICENCE[type]),
        eq(licences.state, 'approved'),
        gte(licences.expiresOn, shopDay(now)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export interface NewLicence {
  type: LicenceType;
  number: string;
  expiresOn: string;
  bytes: Uint8Array;
}

export async function addLicence(companyId: number, input: NewLicence): Promise<LicenceView> {
  const upload = accept(input.bytes, LICENCE_FILES);
  if (upload === 'too_large') throw invalid('file', '文件不能超过5MB');
  if (typeof upload === 'string') throw invalid('file', '仅支持 JPG、PNG 或 PDF 格式的文件');
  await put('licences', upload);
  // The file is stored first so that a row never points at a missing file; when the insert
  // fails the file is removed again, so no orphan file stays behind.
  try {
    const db = await getDb();
    const [row] = await db
      .insert(licences)
      .values({
        companyId,
        type: input.type,
        number: input.number,
        expiresOn: input.expiresOn,
        file: upload.name,
        mime: upload.type,
      })
      .returning();
    return view(row!, shopDay(new Date()));
  } catch (err) {
    await remove('licences', upload.name);
    throw err;
  }
}

/**
 * The file of a licence: for a buyer only their own login's (stores of one login share it: it is
 * one buyer), anything else is "not found"; for staff (the endpoint has checked the role) any.
 */
export async function licenceFile(
  id: number,
  viewer: { accountId: number } | 'staff',
): Promise<StoredFile> {
  const db = await getDb();
  const [row] = await db
    .select({ file: licences.file, accountId: companies.accountId })
    .from(licences)
    .innerJoin(companies, eq(companies.id, licences.companyId))
    .where(eq(licences.id, id))
    .limit(1);
  if (!row || !row.file || (viewer !== 'staff' && row.accountId !== viewer.accountId))
    throw notFound('证件不存在');
  if (!isStoredName(row.file)) throw notFound('证件不存在');
  const file = await get('licences', row.file);
  if (!file) throw notFound('证件文件不存在');
  return file;
}
