// The wire format of a dedicated service contact on the staff desk.
import type { ServiceContactRow } from './contacts.ts';

export const presentServiceContact = (c: ServiceContactRow) => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  phone_1: c.phone1,
  is_default: c.isDefault,
  staff: c.staffId === null ? null : { id: c.staffId, login: c.staffLogin, name: c.staffName },
  stores: c.stores,
});
