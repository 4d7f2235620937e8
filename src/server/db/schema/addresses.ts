import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companies } from './members.ts';

// Minimal delivery addresses (the members team owns the full version; expect a merge).
export const addresses = pgTable('addresses', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  region: text('region').notNull().default(''),
  address: text('address').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
}, (t) => [index('addresses_company_idx').on(t.companyId)]);
