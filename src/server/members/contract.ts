// 电子购销合同: a store must sign it before ordering (checkout answers 459 until then).
import { eq } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { contractRequired } from '#/server/errors.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { companies } from '#/server/db/schema/index.ts';
import { operatorCompany, operatorSettings } from '#/server/operator.ts';

export const CONTRACT_VERSION = '2026-01';

export interface ContractView {
  version: string;
  company: string;
  /** 乙方: the operator company named by the footer's licences */
  seller: string;
  signed: boolean;
  signed_at: string | null;
}

export async function contractFor(companyId: number): Promise<ContractView> {
  const db = await getDb();
  const [[c], operator] = await Promise.all([
    db
      .select({ name: companies.name, at: companies.contractSignedAt })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1),
    operatorSettings(db),
  ]);
  return {
    version: CONTRACT_VERSION,
    company: c?.name ?? '',
    seller: operatorCompany(operator),
    signed: Boolean(c?.at),
    signed_at: shopIso(c?.at),
  };
}

/**
 * Ordering needs the signed contract (SPEC §8: 459, the client goes to /dzht): the company as the
 * order read it, under lock.
 */
export function assertContractSigned(company: BuyerCompany): void {
  if (!company.contractSigned) throw contractRequired('请先签署电子购销合同后再下单');
}

/** The endpoint checks the agreement box and the signer's name; signing twice keeps the first date. */
export async function signContract(companyId: number): Promise<ContractView> {
  const db = await getDb();
  const current = await contractFor(companyId);
  if (!current.signed)
    await db
      .update(companies)
      .set({ contractSignedAt: new Date() })
      .where(eq(companies.id, companyId));
  return contractFor(companyId);
}
