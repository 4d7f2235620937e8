// The store desk on the wire: snake_case, yuan strings, the labels the buyer's pages use.
import { drugClassLabel } from '#/lib/drugClass.ts';
import { shopDay, shopIso } from '#/lib/shopClock.ts';
import { fenToYuan } from '#/lib/money.ts';
import { COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { presentLicence } from '#/server/licences/present.ts';
import type { StoreProfile } from './load.ts';
import type { StoreListRow } from './queue.ts';

export function presentStoreRow(r: StoreListRow) {
  const c = r.company;
  return {
    id: c.id,
    name: c.name,
    username: r.username,
    phone: r.phone,
    type: c.type,
    type_name: COMPANY_TYPE_LABELS[c.type],
    province: c.province,
    city: c.city,
    rank: c.rank,
    is_passed: c.isPassed,
    admin: r.admin,
    credit_limit: fenToYuan(r.creditLimit ?? 0),
    bill_day: r.billDay ?? null,
    contract_signed: Boolean(c.contractSignedAt),
    created_at: shopIso(c.createdAt),
  };
}

export function presentStoreProfile(p: StoreProfile, today = shopDay(new Date())) {
  const c = p.company;
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    type_name: COMPANY_TYPE_LABELS[c.type],
    province: c.province,
    city: c.city,
    address: c.address,
    rank: c.rank,
    is_passed: c.isPassed,
    licence_expired: p.licenceStatus.expired,
    jyfw: c.jyfw.map((code) => ({ code, name: drugClassLabel(code) })),
    created_at: shopIso(c.createdAt),
    account: {
      id: p.account.id,
      username: p.account.username,
      phone: p.account.phone,
      name: p.account.name,
      stores: p.loginStores,
    },
    contact: p.contact ? { name: p.contact.contactName, phone: p.contact.contactPhone } : null,
    admin: p.admin
      ? { id: p.admin.id, name: p.admin.name, phone: p.admin.phone, phone_1: p.admin.phone1 }
      : null,
    is_can_chat: p.account.isCanChat,
    credit: {
      limit: fenToYuan(p.wallet?.creditLimit ?? 0),
      used: fenToYuan(p.wallet?.creditUsed ?? 0),
      bill_day: p.wallet?.billDay ?? null,
    },
    contract: {
      signed: Boolean(c.contractSignedAt),
      signed_at: shopIso(c.contractSignedAt),
    },
    licences: p.licences.map((l) => presentLicence(l, today)),
    allow_list: p.allowed.map((g) => ({ id: g.id, name: g.name, spec: g.spec, sccj: g.sccj })),
    /** controlled goods the store is not allow-listed for yet */
    allow_choices: p.controlledChoices.map((g) => ({ id: g.id, name: g.name, spec: g.spec })),
    admins: p.admins.map((a) => ({ id: a.id, name: a.name, phone: a.phone, phone_1: a.phone1 })),
  };
}
