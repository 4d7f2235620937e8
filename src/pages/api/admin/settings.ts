import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { CONTENT_ROLE } from '#/lib/staffRoles.ts';
import { SettingsForm } from '#/server/siteSettings/forms.ts';
import { presentSettings } from '#/server/siteSettings/present.ts';
import { editorSettings, saveSettings } from '#/server/siteSettings/settings.ts';

/** Service numbers, licences and filings, quality-report note, hot words and navigation. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, CONTENT_ROLE);
  return ok(presentSettings(await editorSettings()));
});

/** Changes the parts posted; every page shows them within the header cache's few seconds. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, CONTENT_ROLE);
  const f = parseWith(SettingsForm, await readForm(ctx.request));
  const saved = await saveSettings(
    {
      common_config: f.common_config,
      quality_inspection: f.quality_inspection,
      operator: f.operator,
      hotWords: f.hot_words,
      nav: f.nav?.map((n) => ({ name: n.name, url: n.url, isOpen: n.is_open })),
    },
    actor,
  );
  return ok(presentSettings(saved));
});
