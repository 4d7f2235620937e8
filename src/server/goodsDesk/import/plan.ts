// What an import would do with each row, decided against the database as it is now: create a
// goods, update it (its fields, prices or a lot), leave it as it is, or refuse the row and say why
// (row number and column, in Chinese). A row's cells are laid over the goods it matches (by ERP
// code, by 商品编码, or by approval number + specification + manufacturer), so a file with only
// some columns (stock, prices) changes only those; then the result goes through the editor's own
// form, so the import refuses exactly what the editor refuses. The same file twice plans no change
// the second time.
import { asc, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import {
  brands,
  categories,
  controlledRules,
  goods,
  goodsLots,
  ladderPrices,
  type Line,
} from '#/server/db/schema/index.ts';
import type { SheetRow } from '#/server/spreadsheets/readSheet.ts';
import { GoodsFields, type GoodsFieldsInput, LotForm, type LotInput } from '../forms.ts';
import { presentGoods } from '../present.ts';
import { HEADER_OF, readCells } from './columns.ts';

export type RowAction = 'create' | 'update' | 'unchanged' | 'refuse';
export interface RowReport {
  line: number;
  action: RowAction;
  /** the goods' name and specification, when known */
  goods: string;
  reasons: string[];
}

/** A goods of the file with its rows: what to write. */
export interface GoodsPlan {
  goodsId: number | null;
  fields: GoodsFieldsInput;
  goodsChanged: boolean;
  lots: { id: number | null; lot: LotInput }[];
}

export interface Lookups {
  lines: Map<number, Line>;
  /** category and brand names; null when two share a name */
  categoryByName: Map<string, number | null>;
  brandIds: Set<number>;
  brandByName: Map<string, number | null>;
}

/** What a whole import has seen so far: a goods or a new code twice in one file is refused. */
export interface ImportMemory {
  goods: Map<number, number>;
  newCodes: Map<string, number>;
}

type Q = Db | Tx;

const named = <T extends { id: number; name: string }>(rows: T[]) => {
  const m = new Map<string, number | null>();
  for (const r of rows) m.set(r.name, m.has(r.name) ? null : r.id);
  return m;
};

export async function loadLookups(q: Q): Promise<Lookups> {
  const [cats, brandRows] = await Promise.all([
    q.select({ id: categories.id, name: categories.name, line: categories.line }).from(categories),
    q.select({ id: brands.id, name: brands.name }).from(brands),
  ]);
  return {
    lines: new Map(cats.map((c) => [c.id, c.line])),
    categoryByName: named(cats),
    brandIds: new Set(brandRows.map((b) => b.id)),
    brandByName: named(brandRows),
  };
}

/** The rows of one goods: grouped by the first key the row has. */
export interface RowGroup {
  key: string;
  rows: SheetRow[];
}

const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function groupRows(rows: readonly SheetRow[]): { groups: RowGroup[]; keyless: SheetRow[] } {
  const byKey = new Map<string, RowGroup>();
  const keyless: SheetRow[] = [];
  for (const row of rows) {
    const c = row.cells;
    const triple = [c['批准文号'], c['规格'], c['生产厂家']].map(s);
    const key = s(c['ERP编码'])
      ? `erp:${s(c['ERP编码'])}`
      : s(c['商品编码'])
        ? `code:${s(c['商品编码'])}`
        : triple.every(Boolean)
          ? `triple:${triple.join('|')}`
          : null;
    if (!key) {
      keyless.push(row);
      continue;
    }
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { key, rows: [] }));
    g.rows.push(row);
  }
  return { groups: [...byKey.values()], keyless };
}

type Existing = ReturnType<typeof presentGoods>;

/** The goods the groups may match, in the editor's form, with their ids by each key. */
async function existingFor(q: Q, groups: readonly RowGroup[]) {
  const erps: string[] = [];
  const codes: string[] = [];
  const approvals: string[] = [];
  for (const g of groups) {
    const c = g.rows[0]!.cells;
    if (s(c['ERP编码'])) erps.push(s(c['ERP编码']));
    if (s(c['商品编码'])) codes.push(s(c['商品编码']));
    const t = [c['批准文号'], c['规格'], c['生产厂家']].map(s);
    if (t.every(Boolean)) approvals.push(t[0]!);
    for (const r of g.rows) if (s(r.cells['商品编码'])) codes.push(s(r.cells['商品编码']));
  }
  // By approval number alone (indexed); spec and manufacturer are compared below.
  const where = or(
    erps.length ? inArray(goods.erpCode, erps) : undefined,
    codes.length ? inArray(goods.code, codes) : undefined,
    approvals.length ? inArray(goods.approvalNo, approvals) : undefined,
  );
  const rows = where ? await q.select().from(goods).where(where) : [];
  const ids = rows.map((r) => r.id);
  const [ladders, rules, lots] = ids.length
    ? await Promise.all([
        q
          .select()
          .from(ladderPrices)
          .where(inArray(ladderPrices.goodsId, ids))
          .orderBy(asc(ladderPrices.minNumber)),
        q.select().from(controlledRules).where(inArray(controlledRules.goodsId, ids)),
        q
          .select()
          .from(goodsLots)
          .where(inArray(goodsLots.goodsId, ids))
          .orderBy(asc(goodsLots.id)),
      ])
    : [[], [], []];
  const byId = new Map<number, Existing>();
  for (const row of rows)
    byId.set(
      row.id,
      presentGoods({
        row,
        ladder: ladders.filter((l) => l.goodsId === row.id),
        rule: rules.find((r) => r.goodsId === row.id) ?? null,
        lots: lots.filter((l) => l.goodsId === row.id),
      }),
    );
  return {
    byId,
    byErp: new Map(rows.filter((r) => r.erpCode).map((r) => [r.erpCode!, r.id])),
    byCode: new Map(rows.map((r) => [r.code, r.id])),
    byTriple: (a: string, sp: string, m: string) =>
      rows.filter((r) => r.approvalNo === a && r.spec === sp && r.sccj === m).map((r) => r.id),
  };
}

function match(
  group: RowGroup,
  ex: Awaited<ReturnType<typeof existingFor>>,
): number | 'many' | null {
  const c = group.rows[0]!.cells;
  const erp = ex.byErp.get(s(c['ERP编码']));
  if (erp) return erp;
  const code = ex.byCode.get(s(c['商品编码']));
  if (code) return code;
  const t = [c['批准文号'], c['规格'], c['生产厂家']].map(s);
  if (!t.every(Boolean)) return null;
  const found = ex.byTriple(t[0]!, t[1]!, t[2]!);
  return found.length > 1 ? 'many' : (found[0] ?? null);
}

const reasonsOf = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => `「${HEADER_OF[String(i.path[0])] ?? String(i.path[0] ?? '')}」${i.message}`);

/** The goods fields of a row laid over the matched goods (or a new one's defaults). */
function rowFields(
  base: Record<string, unknown>,
  cells: Record<string, unknown>,
  lookups: Lookups,
): { fields?: GoodsFieldsInput; reasons: string[] } {
  const reasons: string[] = [];
  const { category, brand, rank_prices: ranks, ...rest } = cells;
  const rec: Record<string, unknown> = { ...base, ...rest };
  if (ranks !== undefined)
    rec['rank_prices'] = { ...(base['rank_prices'] as object | undefined), ...(ranks as object) };
  if (rec['brand_id'] === null) delete rec['brand_id'];
  if (category !== undefined) {
    const text = String(category);
    const id = /^\d+$/.test(text) ? Number(text) : lookups.categoryByName.get(text);
    if (id === null) reasons.push(`「类目」${text}有多个同名类目，请填写类目编号`);
    else if (id === undefined || !lookups.lines.has(id)) reasons.push(`「类目」${text}不存在`);
    else rec['category_id'] = id;
  }
  if (brand !== undefined) {
    const text = String(brand);
    // By name first, as the export writes it: brands are named with digits too (999).
    const named = lookups.brandByName.get(text);
    const id = named !== undefined ? named : /^\d+$/.test(text) ? Number(text) : undefined;
    if (id === null) reasons.push(`「品牌」${text}有多个同名品牌，请填写品牌编号`);
    else if (id === undefined || !lookups.brandIds.has(id)) reasons.push(`「品牌」${text}不存在`);
    else rec['brand_id'] = id;
  }
  if (!s(rec['code']) && s(rec['erp_code'])) rec['code'] = rec['erp_code'];
  if (rest['free_shipping_number'] !== undefined) {
    const number = Number(rest['free_shipping_number']);
    rec['is_free_shipping'] = number > 0 ? '1' : '0';
    // 0 is "no free shipping", as the export writes it: the number kept from when it was on stays.
    if (number === 0 && base['free_shipping_number'] !== undefined)
      rec['free_shipping_number'] = base['free_shipping_number'];
  }
  if (rec['category_id'] === undefined && category === undefined)
    reasons.push('「类目」请填写类目');
  const parsed = GoodsFields.safeParse(rec);
  // A category or brand already refused by name is not refused again by its missing id.
  if (!parsed.success)
    reasons.push(
      ...reasonsOf(parsed.error.issues).filter(
        (r) => !reasons.some((known) => known.slice(0, 4) === r.slice(0, 4)),
      ),
    );
  return reasons.length || !parsed.success ? { reasons } : { fields: parsed.data, reasons };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Plans one batch of groups: a report per row and, for the goods to write, what to write.
 * `memory` carries what earlier batches of the same import planned.
 */
export async function planBatch(
  q: Q,
  groups: readonly RowGroup[],
  lookups: Lookups,
  memory: ImportMemory,
): Promise<{ reports: RowReport[]; plans: GoodsPlan[] }> {
  const ex = await existingFor(q, groups);
  const reports: RowReport[] = [];
  const plans: GoodsPlan[] = [];
  const codeOwners = await codesInUse(q, groups);
  for (const group of groups) {
    const first = group.rows[0]!;
    const refuse = (row: SheetRow, reasons: string[], goodsName = '') =>
      reports.push({ line: row.line, action: 'refuse', goods: goodsName, reasons });
    const found = match(group, ex);
    if (found === 'many') {
      for (const r of group.rows)
        refuse(r, ['「批准文号」批准文号、规格和生产厂家相同的商品有多个，请填写ERP编码']);
      continue;
    }
    const existing = found === null ? null : ex.byId.get(found)!;
    const seenAt = existing ? memory.goods.get(existing.id) : undefined;
    if (seenAt !== undefined && seenAt !== first.line) {
      for (const r of group.rows) refuse(r, [`与第${seenAt}行是同一商品，请合并到一起`]);
      continue;
    }
    const { lots: _lots, ...base }: Record<string, unknown> = existing ?? { is_buy: true };
    const existingFields = existing
      ? GoodsFields.safeParse({ ...base, brand_id: existing.brand_id ?? undefined })
      : null;
    let fields: GoodsFieldsInput | undefined;
    const lots: GoodsPlan['lots'] = [];
    const rowActions: { row: SheetRow; lotChanged: boolean }[] = [];
    for (const row of group.rows) {
      const cells = readCells(row.cells);
      const reasons = row.formulas.map((h) => `「${h}」含公式，请改为数值后再导入`);
      const made = rowFields(base, cells.goods, lookups);
      reasons.push(...made.reasons);
      if (made.fields && fields && !same(made.fields, fields))
        reasons.push(`与第${first.line}行是同一商品，但商品资料不一致`);
      let lotChanged = false;
      if (Object.keys(cells.lot).length) {
        const batchNo = s(cells.lot['batch_no']);
        const old = existing?.lots.find((l) => l.batch_no === batchNo);
        const parsedLot = LotForm.safeParse({ ...old, id: undefined, ...cells.lot });
        if (!batchNo) reasons.push('「批号」请填写批号');
        else if (!parsedLot.success) reasons.push(...reasonsOf(parsedLot.error.issues));
        else if (lots.some((l) => l.lot.batch_no === batchNo))
          reasons.push(`「批号」${batchNo}在本商品中重复`);
        else {
          lotChanged =
            !old ||
            !same(
              [old.batch_no, old.produced_on, old.expires_on, old.stock],
              [
                parsedLot.data.batch_no,
                parsedLot.data.produced_on,
                parsedLot.data.expires_on,
                parsedLot.data.stock,
              ],
            );
          if (lotChanged) lots.push({ id: old?.id ?? null, lot: parsedLot.data });
        }
      }
      if (reasons.length) {
        refuse(row, reasons, String(row.cells['通用名'] ?? existing?.name ?? ''));
        continue;
      }
      fields ??= made.fields;
      rowActions.push({ row, lotChanged });
    }
    if (!fields) continue;
    const owner = codeOwners.get(fields.code) ?? memory.newCodes.get(fields.code);
    const targetId = existing?.id ?? null;
    if (
      owner !== undefined &&
      owner !== targetId &&
      !(targetId === null && owner === -first.line)
    ) {
      for (const { row } of rowActions)
        refuse(row, [`「商品编码」${fields.code}已被其他商品使用`], fields.name);
      continue;
    }
    const goodsChanged =
      !existing || !existingFields?.success || !same(existingFields.data, fields);
    const label = `${fields.name} ${fields.spec}`;
    for (const { row, lotChanged } of rowActions)
      reports.push({
        line: row.line,
        action: !existing ? 'create' : goodsChanged || lotChanged ? 'update' : 'unchanged',
        goods: label,
        reasons: [],
      });
    if (existing) memory.goods.set(existing.id, first.line);
    else memory.newCodes.set(fields.code, -first.line);
    if (goodsChanged || lots.length) plans.push({ goodsId: targetId, fields, goodsChanged, lots });
  }
  return { reports, plans };
}

/** Which goods hold the codes the groups name (a code may not move to another goods). */
async function codesInUse(q: Q, groups: readonly RowGroup[]) {
  const codes = new Set<string>();
  for (const g of groups)
    for (const r of g.rows) {
      const code = s(r.cells['商品编码']) || s(r.cells['ERP编码']);
      if (code) codes.add(code);
    }
  if (codes.size === 0) return new Map<string, number>();
  const rows = await q
    .select({ id: goods.id, code: goods.code })
    .from(goods)
    .where(inArray(goods.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.id]));
}
