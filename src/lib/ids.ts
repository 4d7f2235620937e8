// Record ids are PostgreSQL int4 serials: anything else (text, fractions, 0, beyond 2^31−1) names
// no record and must never reach a query.
export const MAX_RECORD_ID = 2_147_483_647;

export function parseRecordId(raw: unknown): number | null {
  const s = typeof raw === 'number' ? String(raw) : raw;
  if (typeof s !== 'string' || !/^[1-9]\d{0,9}$/.test(s)) return null;
  const id = Number(s);
  return id <= MAX_RECORD_ID ? id : null;
}
