// Brands and the category tree (two levels per product line; the header's general menu shows the
// first CATEGORY_MENU_TOP top categories by their sort). Every change is audited, moves the
// catalogue version and drops what every page shows (header menus, shared pages).
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invalidate } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { brands, categories, goods, LINES } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { idParam } from '#/server/http/validate.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { outerColumn } from '#/server/db/rows.ts';

const sort = z.coerce
  .number({ error: '排序须为整数' })
  .int('排序须为整数')
  .min(0, '排序不能小于0')
  .max(9999, '排序不能大于9999')
  .default(0);

export const BrandForm = z.object({
  name: z
    .string({ error: '请填写品牌名称' })
    .trim()
    .min(1, '请填写品牌名称')
    .max(30, '品牌名称最多30个字'),
  sort,
});

export const CategoryForm = z.object({
  name: z
    .string({ error: '请填写类目名称' })
    .trim()
    .min(1, '请填写类目名称')
    .max(20, '类目名称最多20个字'),
  line: z.enum(LINES, { error: '产品线不正确' }),
  parent_id: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), idParam.optional()),
  sort,
});

export async function listBrands() {
  const db = await getDb();
  return db
    .select({
      id: brands.id,
      name: brands.name,
      sort: brands.sort,
      goods: sql<number>`(SELECT count(*)::int FROM goods g WHERE g.brand_id = ${outerColumn(brands.id)})`,
    })
    .from(brands)
    .orderBy(asc(brands.sort), asc(brands.id));
}

export async function listCategories() {
  const db = await getDb();
  return db
    .select({
      id: categories.id,
      name: categories.name,
      line: categories.line,
      parentId: categories.parentId,
      sort: categories.sort,
      goods: sql<number>`(SELECT count(*)::int FROM goods g WHERE g.category_id = ${outerColumn(categories.id)})`,
    })
    .from(categories)
    .orderBy(asc(categories.line), asc(categories.sort), asc(categories.id));
}

export async function saveBrand(
  id: number | null,
  f: z.output<typeof BrandForm>,
  actor: StaffActor,
) {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [before] =
      id === null ? [null] : await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (before === undefined) throw notFound('品牌不存在');
    const [row] = before
      ? await tx.update(brands).set(f).where(eq(brands.id, before.id)).returning()
      : await tx.insert(brands).values(f).returning();
    await recordAudit(tx, actor, {
      action: 'brand.save',
      entity: 'brand',
      entityId: row!.id,
      before,
      after: f,
    });
    return row!;
  });
  invalidate({ content: true });
  return saved;
}

export async function saveCategory(
  id: number | null,
  f: z.output<typeof CategoryForm>,
  actor: StaffActor,
) {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [before] =
      id === null
        ? [null]
        : await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (before === undefined) throw notFound('类目不存在');
    const parentId = f.parent_id ?? null;
    if (before && before.line !== f.line) throw invalid('line', '类目不能改到其他产品线');
    if (parentId !== null) {
      const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId));
      if (!parent || parent.parentId !== null || parent.line !== f.line || parent.id === id)
        throw invalid('parent_id', '上级类目须为同一产品线的一级类目');
      if (before) {
        const [child] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.parentId, before.id))
          .limit(1);
        if (child) throw invalid('parent_id', '该类目下还有子类目，不能改为二级类目');
      }
    } else if (before && before.parentId !== null) {
      const [used] = await tx
        .select({ id: goods.id })
        .from(goods)
        .where(eq(goods.categoryId, before.id))
        .limit(1);
      if (used) throw invalid('parent_id', '该类目下有商品，不能改为一级类目');
    }
    const values = { name: f.name, line: f.line, parentId, sort: f.sort };
    const [row] = before
      ? await tx.update(categories).set(values).where(eq(categories.id, before.id)).returning()
      : await tx.insert(categories).values(values).returning();
    await recordAudit(tx, actor, {
      action: 'category.save',
      entity: 'category',
      entityId: row!.id,
      before,
      after: values,
    });
    return row!;
  });
  invalidate({ content: true });
  return saved;
}
