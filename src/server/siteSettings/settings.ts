// What every page shows and the editor keeps: service numbers, the operator's licences and
// filings (site_settings), hot search words and the header's navigation. Readers get them through
// header.ts, whose cache is dropped by the `content` tag this module announces.
import { asc, isNull } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { hotWords, navLinks, siteSettings } from '#/server/db/schema/index.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { SiteSettings } from '#/lib/siteDefaults.ts';
import { settingValues } from './values.ts';

/** The site_settings keys the editor keeps (bank_transfer is finance's). */
export const EDITOR_SETTING_KEYS = ['common_config', 'quality_inspection', 'operator'] as const;
type EditorKey = (typeof EDITOR_SETTING_KEYS)[number];

export interface NavLinkInput {
  name: string;
  url: string;
  isOpen: boolean;
}

export interface EditorSettings extends SiteSettings {
  hotWords: string[];
  nav: NavLinkInput[];
}

export type SettingsChange = { [K in EditorKey]?: SiteSettings[K] | undefined } & {
  hotWords?: string[] | undefined;
  nav?: NavLinkInput[] | undefined;
};

async function read(q: Tx | Awaited<ReturnType<typeof getDb>>): Promise<EditorSettings> {
  const [values, words, nav] = await Promise.all([
    settingValues(q, EDITOR_SETTING_KEYS),
    q.select({ word: hotWords.word }).from(hotWords).orderBy(asc(hotWords.sort), asc(hotWords.id)),
    q
      .select()
      .from(navLinks)
      .where(isNull(navLinks.parentId))
      .orderBy(asc(navLinks.sort), asc(navLinks.id)),
  ]);
  const value = <K extends EditorKey>(key: K, unset: SiteSettings[K]): SiteSettings[K] =>
    (values.get(key) as SiteSettings[K] | undefined) ?? unset;
  return {
    common_config: value('common_config', { hot_line: '', qq1: '', qq2: '' }),
    quality_inspection: value('quality_inspection', { quality_inspection_url: '', msg: '' }),
    operator: value('operator', {}),
    hotWords: words.map((w) => w.word),
    nav: nav.map((n) => ({ name: n.name, url: n.url, isOpen: n.isOpen === 1 })),
  };
}

export async function editorSettings(): Promise<EditorSettings> {
  return read(await getDb());
}

/** Writes the parts given (a part left out stays as it is); one audit row for the change. */
export async function saveSettings(
  change: SettingsChange,
  actor: StaffActor,
): Promise<EditorSettings> {
  const db = await getDb();
  const after = await db.transaction(async (tx) => {
    const before = await read(tx);
    for (const key of EDITOR_SETTING_KEYS) {
      const part = change[key];
      if (part === undefined) continue;
      // Fields this form does not know (e.g. the operator's email) are kept.
      const value = { ...before[key], ...part };
      await tx
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    }
    if (change.hotWords) {
      await tx.delete(hotWords);
      if (change.hotWords.length)
        await tx.insert(hotWords).values(change.hotWords.map((word, sort) => ({ word, sort })));
    }
    if (change.nav) {
      await tx.delete(navLinks);
      if (change.nav.length)
        await tx.insert(navLinks).values(
          change.nav.map((n, sort) => ({
            name: n.name,
            url: n.url,
            isOpen: n.isOpen ? 1 : 0,
            sort,
          })),
        );
    }
    const after = await read(tx);
    await recordAudit(tx, actor, {
      action: 'content.settings',
      entity: 'site_settings',
      entityId: 'site',
      before,
      after,
    });
    return after;
  });
  invalidate({ content: true });
  return after;
}
