import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';

/** The shop's calendar is Pakistan's: a contract's days begin and end at midnight in Sialkot. */
export const SHOP_TIME_ZONE = 'Asia/Karachi';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop's day at `now`, 'YYYY-MM-DD'. */
export const shopDay = (now: Date): string => dayFormat.format(now);

export interface ContractDates {
  startsOn: string | null;
  endsOn: string | null;
}

/** Whether a price list under a contract with these dates applies on `day`: both days included, an open side always. */
export const contractInForce = (contract: ContractDates, day: string): boolean =>
  (contract.startsOn === null || contract.startsOn <= day) && (contract.endsOn === null || day <= contract.endsOn);

/** The organisation whose price list a buyer pays, and the contract it is agreed under ('' when none). */
export interface BuyerPriceList {
  organisationId: string;
  contractNumber: string;
  /** The organisation has at least one price. */
  hasPrices: boolean;
}

/**
 * The one rule of whether a buyer's organisation prices apply at `now`: the user is a joined member of a verified
 * organisation, and its contract runs today in the shop's calendar (or has no dates). Null otherwise: the buyer pays
 * list prices, volume tiers and sales like anyone.
 */
export async function buyerPriceList(db: DbOrTx, userId: string | null, now: Date): Promise<BuyerPriceList | null> {
  if (!userId) return null;
  const [row] = await prepared(db.select({
    organisationId: organisations.id,
    contractNumber: organisations.priceContractNumber,
    startsOn: organisations.priceContractStartsOn,
    endsOn: organisations.priceContractEndsOn,
    hasPrices: sql<boolean>`exists (select 1 from organisation_prices op where op.organisation_id = ${organisations.id})`,
  }).from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), isNotNull(organisationMembers.joinedAt), eq(organisations.status, 'verified'))), 'buyer_price_list');
  if (!row || !contractInForce(row, shopDay(now))) return null;
  return { organisationId: row.organisationId, contractNumber: row.contractNumber, hasPrices: Boolean(row.hasPrices) };
}
