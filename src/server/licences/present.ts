// The licence desk on the wire: the licence as the buyer's /zzzj names it, its scan through the
// back office's own route, and the store it belongs to.
import { DEFAULT_SCOPE } from '#/lib/businessScope.ts';
import { shopDay, shopIso } from '#/lib/shopClock.ts';
import { COMPANY_TYPE_LABELS, LICENCE_LABELS } from '#/lib/validation.ts';
import { daysUntil, LICENCE_STATE_LABEL, REQUIRED_LICENCE } from '#/server/qualifications.ts';
import type { LicenceCase, LicenceRow } from './queue.ts';

export const adminLicenceFileUrl = (id: number) => `/api/admin/licences/${id}/file`;

/** A licence as the back office shows it wherever it lists one (the desk, a store's profile). */
export function presentLicence(l: LicenceRow, today = shopDay(new Date())) {
  return {
    id: l.id,
    type: l.type,
    type_name: LICENCE_LABELS[l.type],
    number: l.number,
    expires_on: l.expiresOn,
    days_left: daysUntil(l.expiresOn, today),
    state: l.state,
    state_name: LICENCE_STATE_LABEL[l.state],
    remark: l.remark,
    file_url: l.file ? adminLicenceFileUrl(l.id) : null,
  };
}

export function presentLicenceCase(c: LicenceCase, today = shopDay(new Date())) {
  const l = c.licence;
  const co = c.company;
  return {
    ...presentLicence(l, today),
    file_kind: !l.file ? null : l.mime === 'application/pdf' ? 'pdf' : 'image',
    /** the licence the store's approval (and business scope) depends on */
    required: l.type === REQUIRED_LICENCE[co.type],
    renewal_pending: c.renewalPending,
    created_at: shopIso(l.createdAt),
    reviewed_at: shopIso(l.reviewedAt),
    reviewed_by: c.reviewer,
    reminded_at: shopIso(l.remindedAt),
    company: {
      id: co.id,
      name: co.name,
      username: c.username,
      type: co.type,
      type_name: COMPANY_TYPE_LABELS[co.type],
      province: co.province,
      city: co.city,
      is_passed: co.isPassed,
      jyfw: co.jyfw,
      /** what an approval grants unless the reviewer changes it */
      proposed_jyfw: co.jyfw.length ? co.jyfw : [...DEFAULT_SCOPE[co.type]],
    },
  };
}
