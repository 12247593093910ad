import { and, desc, eq, sql } from 'drizzle-orm';
import {
  RATE_BOUNDS, STAFF_RATE_CURRENCIES, type RateChange, type StaffRate, type StaffRateCurrency,
} from '#contracts/exchange-rates';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import { badRequest } from '../lib/errors.ts';

/**
 * A rate's history is its audit trail: every staff change is recorded there anyway, with who, when, before and after,
 * and the trail is append-only, so a history table would only repeat it.
 */
const AUDIT_ENTITY = 'exchange_rate';
const HISTORY_LENGTH = 50;

interface RateSnapshot {
  rate: string;
}

const pair = (currency: StaffRateCurrency) => and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, currency));

async function history(db: DbOrTx, currency: StaffRateCurrency): Promise<RateChange[]> {
  const rows = await db.select().from(auditLog)
    .where(and(eq(auditLog.entity, AUDIT_ENTITY), eq(auditLog.entityId, currency)))
    .orderBy(desc(auditLog.id)).limit(HISTORY_LENGTH);
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    by: row.actorEmail,
    from: (row.before as RateSnapshot | null)?.rate ?? null,
    to: (row.after as RateSnapshot).rate,
  }));
}

async function readRate(db: DbOrTx, currency: StaffRateCurrency): Promise<StaffRate> {
  const [row] = await db.select().from(exchangeRates).where(pair(currency));
  return {
    currency,
    rate: row?.rate ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    ...RATE_BOUNDS[currency],
    history: await history(db, currency),
  };
}

export async function listStaffRates(db: Db): Promise<StaffRate[]> {
  return Promise.all(STAFF_RATE_CURRENCIES.map((currency) => readRate(db, currency)));
}

/** Stores the rate (which checkout, the cart and the public rates read on their next request) and records the change. */
export async function setRate(db: Db, actor: Actor, currency: StaffRateCurrency, rate: string): Promise<StaffRate> {
  const { min, max } = RATE_BOUNDS[currency];
  if (Number(rate) < min || Number(rate) > max) {
    throw badRequest({ rate: [`Enter a USD to ${currency} rate between ${min} and ${max}.`] });
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ rate: exchangeRates.rate }).from(exchangeRates).where(pair(currency)).for('update');
    const [after] = await tx.insert(exchangeRates).values({ base: 'USD', quote: currency, rate })
      .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.quote], set: { rate, updatedAt: sql`now()` } })
      .returning({ rate: exchangeRates.rate });
    await recordAudit(tx, actor, {
      action: 'exchange_rate.update', entity: AUDIT_ENTITY, entityId: currency, before, after,
    });
    return readRate(tx, currency);
  });
}
