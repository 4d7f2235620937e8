// The ads desk's forms (zod): a position, a title, a link like the header's, an optional window
// in the shop's wall-clock time.
import { z } from 'zod';
import { AD_SLOTS } from '#/lib/adSlots.ts';
import { parseShopDateTime } from '#/lib/shopClock.ts';
import { linkField } from '#/server/siteSettings/forms.ts';
import { titleField } from '#/server/http/validate.ts';

const slotKeys = AD_SLOTS.map((s) => s.key) as [string, ...string[]];
export const slotField = z.enum(slotKeys, { error: '请选择广告位置' });

const optionalWhen = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    z
      .string({ error: `${label}不正确` })
      .transform((v, ctx) => {
        const at = parseShopDateTime(v);
        if (!at) {
          ctx.addIssue({ code: 'custom', message: `${label}不正确` });
          return z.NEVER;
        }
        return at;
      })
      .nullable(),
  );

/** shown unless the form says otherwise ('0', '' or false) */
const shown = z.preprocess(
  (v) => v === undefined || v === '1' || v === 'true' || v === true || v === 1,
  z.boolean(),
);

const fields = {
  title: titleField,
  /** empty: the ad links nowhere (the zone pages say the activity has not started) */
  url: z.union([z.literal(''), linkField]).default(''),
  enabled: shown,
  starts_at: optionalWhen('开始时间'),
  ends_at: optionalWhen('结束时间'),
};

const windowInOrder = (f: { starts_at: Date | null; ends_at: Date | null }) =>
  !f.starts_at || !f.ends_at || f.starts_at < f.ends_at;
const windowIssue = { message: '结束时间须晚于开始时间', path: ['ends_at'] };

export const AdCreateForm = z
  .object({ slot: slotField, ...fields })
  .refine(windowInOrder, windowIssue);
export const AdUpdateForm = z.object(fields).refine(windowInOrder, windowIssue);
export const AdMoveForm = z.object({
  to: z.enum(['up', 'down'], { error: '请选择上移或下移' }),
});
