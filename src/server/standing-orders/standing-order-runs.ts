import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { runAfter, shopDay, type StandingOrderRunStatus } from '#contracts/standing-orders';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import type { Db } from '../db/client.ts';
import { standingOrderRuns, standingOrders } from '../db/schema/standing-orders.ts';
import { HttpError } from '../lib/errors.ts';
import { placeLinesOnInvoice } from '../orders/lines-order-source.ts';
import { standingOrderBuyer } from './standing-order-access.ts';
import { mailRunOutcome, type RunOutcome } from './standing-order-mail.ts';
import { sendRunNotices } from './standing-order-notices.ts';
import { lineText, standingLines, type StandingLine } from './standing-lines.ts';
import { runOrderDetails, storedDetails, type StandingOrderRow } from './standing-orders.service.ts';

export type StandingOrderDeps = PaymentDeps;

/** What a claimed run says until it finishes: the words a run keeps when its process died before placing it. */
export const INTERRUPTED = 'The run stopped before it finished; it is tried again.';
/** A run claimed this long ago and not finished is taken over by the next sweep (its process died). */
const STALE_MS = 15 * 60_000;

const LEFT_OUT_WORDS = { out_of_stock: 'out of stock', off_sale: 'no longer sold' } as const;
const leftOutText = (lines: StandingLine[]) => lines.map((line) => `${lineText(line)}: ${LEFT_OUT_WORDS[line.leftOut!]}`).join('; ');

/**
 * The job: mails the notice of each run due within two days, then runs each standing order whose next run is today or
 * before (in the shop's time zone). Answers how many runs it finished.
 */
export async function runStandingOrders(deps: StandingOrderDeps, now = new Date()): Promise<number> {
  await sendRunNotices(deps, now);
  const today = shopDay(now);
  const due = await deps.db.select().from(standingOrders)
    .where(and(isNull(standingOrders.pausedAt), lte(standingOrders.nextRunOn, today))).orderBy(asc(standingOrders.id));
  let finished = 0;
  for (const row of due) {
    // One standing order that cannot run now does not hold up the others; its claimed run is taken over later.
    try {
      if (await runOnce(deps, row, today, now)) finished++;
    } catch (error) {
      deps.log.error({ err: error, standingOrderId: row.id, runOn: row.nextRunOn }, 'standing order run failed');
    }
  }
  return finished;
}

/**
 * Claims the run by inserting its row: the unique (standing order, run date) key lets one process have it. A run
 * claimed long ago by a process that died is taken over; the payment flow's idempotency key then answers the order
 * that process placed, if it got that far, rather than placing another.
 */
async function claim(db: Db, row: StandingOrderRow, now: Date): Promise<number | null> {
  const [claimed] = await db.insert(standingOrderRuns)
    .values({ standingOrderId: row.id, runOn: row.nextRunOn, status: 'failed', detail: INTERRUPTED, createdAt: now })
    .onConflictDoNothing().returning({ id: standingOrderRuns.id });
  if (claimed) return claimed.id;
  const [taken] = await db.update(standingOrderRuns).set({ createdAt: now }).where(and(
    eq(standingOrderRuns.standingOrderId, row.id), eq(standingOrderRuns.runOn, row.nextRunOn),
    eq(standingOrderRuns.detail, INTERRUPTED), lt(standingOrderRuns.createdAt, new Date(now.getTime() - STALE_MS)),
  )).returning({ id: standingOrderRuns.id });
  return taken?.id ?? null;
}

async function runOnce(deps: StandingOrderDeps, row: StandingOrderRow, today: string, now: Date): Promise<boolean> {
  const runId = await claim(deps.db, row, now);
  if (runId === null) return false;
  const outcome = row.skipRunOn === row.nextRunOn ? { status: 'skipped' as const, detail: '' } : await order(deps, row);
  await finish(deps, row, runId, outcome, today);
  return true;
}

/** Places the run's order: every orderable item at its par level, on invoice terms, held where a limit says. */
async function order(deps: StandingOrderDeps, row: StandingOrderRow): Promise<RunOutcome> {
  try {
    const { listName } = await standingOrderBuyer(deps.db, row.userId, row.listId);
    const lines = await standingLines(deps.db, row.listId);
    const ordered = lines.filter((line) => line.leftOut === null);
    const leftOut = lines.filter((line) => line.leftOut !== null);
    if (lines.length === 0) return { status: 'failed', detail: `The list "${listName}" has no items.`, lines };
    if (ordered.length === 0) return { status: 'failed', detail: `Nothing on the list could be ordered: ${leftOutText(leftOut)}.`, lines };
    const note = leftOut.length > 0 ? `Left out: ${leftOutText(leftOut)}.` : '';
    const answer = await placeLinesOnInvoice(deps, row.userId, `standing-order:${row.id}:${row.nextRunOn}`, {
      scope: `standing-order:${row.id}`,
      lines: ordered.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
      orderDetails: runOrderDetails(storedDetails(row)),
      hold: async () => {},
    });
    if ('approvalRequired' in answer) return { status: 'held', orderRequestId: answer.requestId, detail: [answer.message, note].filter(Boolean).join(' '), lines };
    if (answer.success) return { status: 'placed', orderId: answer.orderId, orderNumber: answer.orderNumber, detail: note, lines };
    return { status: 'failed', detail: answer.message, lines };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const fields = Object.values(error.errors ?? {}).flat();
    return { status: 'failed', detail: [error.detail === 'Validation failed' ? '' : error.detail, ...fields].filter(Boolean).join(' '), lines: [] };
  }
}

/**
 * Records the outcome and moves the next run on past today (a sweep that comes late orders once, not once per
 * period missed), forgetting a skip of the run just done, and mails the buyer; all in one transaction.
 */
async function finish(deps: StandingOrderDeps, row: StandingOrderRow, runId: number, outcome: RunOutcome, today: string): Promise<void> {
  const { monthDay } = storedDetails(row);
  let next = runAfter(row.nextRunOn, row.frequency, monthDay);
  while (next <= today) next = runAfter(next, row.frequency, monthDay);
  const status: StandingOrderRunStatus = outcome.status;
  await deps.db.transaction(async (tx) => {
    await tx.update(standingOrderRuns).set({
      status, detail: outcome.detail,
      orderId: outcome.status === 'placed' ? outcome.orderId : null,
      orderRequestId: outcome.status === 'held' ? outcome.orderRequestId : null,
    }).where(eq(standingOrderRuns.id, runId));
    await tx.update(standingOrders).set({
      nextRunOn: next, skipRunOn: sql`case when ${standingOrders.skipRunOn} <= ${row.nextRunOn} then null else ${standingOrders.skipRunOn} end`,
      updatedAt: new Date(),
    }).where(and(eq(standingOrders.id, row.id), eq(standingOrders.nextRunOn, row.nextRunOn)));
    if (outcome.status !== 'skipped') await mailRunOutcome(tx, deps, row, outcome);
  });
}
