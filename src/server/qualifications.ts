// 资质 (licences): uploads checked by content and kept in storage.ts, served only to their
// owner and operators; expiry drives ordering (expired blocks, 30 days before warns).
import { and, asc, eq } from 'drizzle-orm';
import { getDb, type Db, type Tx } from './db/client.ts';
import { DEFAULT_SCOPE } from '#/lib/businessScope.ts';
import {
  companies,
  licences,
  memberMessages,
  type CompanyType,
  type LicenceState,
  type LicenceType,
} from './db/schema/index.ts';
import { accept, get, isStoredName, put, remove, type StoredFile } from './storage.ts';
import { invalidate } from './cache.ts';
import { notFound, invalid } from './errors.ts';
import { LICENCE_LABELS } from '#/lib/validation.ts';
import { LICENCE_WARN_DAYS } from '#/lib/constants.ts';

export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;
const LICENCE_FILES = {
  types: ['image/jpeg', 'image/png', 'application/pdf'],
  maxBytes: LICENCE_MAX_BYTES,
} as const;

const STATE_LABEL: Record<LicenceState, string> = {
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

/** Today's calendar date in China (UTC+8, no daylight saving). */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
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
    state_name: STATE_LABEL[row.state],
    remark: row.remark,
    file_url: row.file ? `/api/user/zizhi/${row.id}/file` : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listLicences(companyId: number): Promise<LicenceView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(licences)
    .where(eq(licences.companyId, companyId))
    .orderBy(asc(licences.type), asc(licences.id));
  const today = chinaToday();
  return rows.map((r) => view(r, today));
}

export interface LicenceStatus {
  /** an approved licence has expired: ordering is blocked */
  expired: boolean;
  expiredLicences: { id: number; type_name: string; expires_on: string }[];
  /** approved licences expiring within LICENCE_WARN_DAYS */
  expiringSoon: { id: number; type_name: string; expires_on: string; days_left: number }[];
}

/**
 * The licence state a company's ordering depends on (catalog eligibility and checkout call it).
 * Only the newest licence of each type counts, so a renewed upload replaces an expired one once approved.
 */
export async function licenceStatus(
  companyId: number,
  now = new Date(),
  tx?: Db | Tx,
): Promise<LicenceStatus> {
  const db = tx ?? (await getDb());
  const rows = await db
    .select()
    .from(licences)
    .where(and(eq(licences.companyId, companyId), eq(licences.state, 'approved')))
    .orderBy(asc(licences.expiresOn));
  const newestByType = new Map<LicenceType, LicenceRow>();
  for (const r of rows) newestByType.set(r.type, r); // ascending expiry: the last one wins
  const today = chinaToday(now);
  const status: LicenceStatus = { expired: false, expiredLicences: [], expiringSoon: [] };
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
  return status;
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
    return view(row!, chinaToday());
  } catch (err) {
    await remove('licences', upload.name);
    throw err;
  }
}

/** The file of a licence, for its own company or an operator; anything else is "not found". */
export async function licenceFile(
  id: number,
  viewer: { companyId: number; accountId: number; isOperator: boolean },
): Promise<StoredFile> {
  const db = await getDb();
  const [row] = await db
    .select({
      file: licences.file,
      companyId: licences.companyId,
      accountId: companies.accountId,
    })
    .from(licences)
    .innerJoin(companies, eq(companies.id, licences.companyId))
    .where(eq(licences.id, id))
    .limit(1);
  // Stores of the same login share their licences' visibility: it is one buyer.
  if (!row || !row.file || (!viewer.isOperator && row.accountId !== viewer.accountId))
    throw notFound('证件不存在');
  if (!isStoredName(row.file)) throw notFound('证件不存在');
  const file = await get('licences', row.file);
  if (!file) throw notFound('证件文件不存在');
  return file;
}

/** The licence a store of this type must have approved before it may buy. */
const REQUIRED_LICENCE: Record<CompanyType, LicenceType> = {
  pharmacy: 'drug_trade',
  wholesaler: 'drug_trade',
  clinic: 'medical_institution',
  hospital: 'medical_institution',
};

/**
 * An operator's review of an uploaded licence. The store is approved (is_passed) once its required
 * licence is approved; the member gets a message either way.
 */
export async function reviewLicence(
  id: number,
  decision: {
    state: 'approved' | 'rejected';
    remark: string;
    jyfw?: readonly string[] | undefined;
  },
): Promise<LicenceView> {
  const db = await getDb();
  const reviewed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(licences)
      .set({ state: decision.state, remark: decision.remark })
      .where(eq(licences.id, id))
      .returning();
    if (!row) throw notFound('证件不存在');
    const [company] = await tx
      .select({
        id: companies.id,
        type: companies.type,
        accountId: companies.accountId,
        name: companies.name,
        jyfw: companies.jyfw,
      })
      .from(companies)
      .where(eq(companies.id, row.companyId))
      .limit(1);
    if (!company) throw notFound('证件不存在');
    const label = LICENCE_LABELS[row.type];
    if (
      decision.state === 'approved' &&
      row.type === REQUIRED_LICENCE[company.type] &&
      daysUntil(row.expiresOn, chinaToday()) >= 0
    ) {
      // The business scope comes with the approval: as the operator set it, else the type's usual one.
      const jyfw = decision.jyfw?.length
        ? [...decision.jyfw]
        : company.jyfw.length
          ? company.jyfw
          : [...DEFAULT_SCOPE[company.type]];
      await tx.update(companies).set({ isPassed: true, jyfw }).where(eq(companies.id, company.id));
    }
    await tx.insert(memberMessages).values({
      accountId: company.accountId,
      title: decision.state === 'approved' ? '资质审核通过' : '资质审核未通过',
      content:
        decision.state === 'approved'
          ? `${company.name} 的${label}（${row.number}）已审核通过。`
          : `${company.name} 的${label}（${row.number}）未通过审核：${decision.remark || '请重新上传清晰、有效的证件'}。`,
    });
    return { view: view(row, chinaToday()), companyId: company.id };
  });
  // Sessions and buyers carry the store's approval (is_passed) and licence state.
  invalidate({ company: reviewed.companyId });
  return reviewed.view;
}
