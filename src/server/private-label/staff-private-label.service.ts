import { desc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import { decimalToCents } from '#contracts/money';
import type { PrivateLabelRequest, privateLabelQuoteBody, ProductionStep, staffPrivateLabelQuery } from '#contracts/private-label';
import { privateLabelItems, privateLabelProofs, privateLabelRequests } from '../db/schema/private-label.ts';
import { badRequest } from '../lib/errors.ts';
import type { PrivateFileStore } from '../lib/private-files.ts';
import type { UploadedFile } from '../lib/upload-form.ts';
import { findRequest } from './private-label-access.ts';
import { storePrivateLabelFile } from './private-label-files.ts';
import { mailPrivateLabelStep } from './private-label-mail.ts';
import { assertTransition } from './private-label-status.ts';
import { requestViews } from './private-label-view.ts';
import { recordStep, refuseWhilePaying, requestView, type PrivateLabelDeps } from './private-label.service.ts';

/** Every request, newest first, or those in one status. */
export async function listStaffRequests(deps: PrivateLabelDeps, query: z.infer<typeof staffPrivateLabelQuery>): Promise<PrivateLabelRequest[]> {
  const rows = await deps.db.select().from(privateLabelRequests)
    .where(query.status ? eq(privateLabelRequests.status, query.status) : undefined)
    .orderBy(desc(privateLabelRequests.createdAt), desc(privateLabelRequests.id)).limit(200);
  return requestViews(deps.db, rows, deps.taxBasisPoints, false);
}

export async function staffRequest(deps: PrivateLabelDeps, id: number): Promise<PrivateLabelRequest> {
  return requestView(deps, deps.db, await findRequest(deps.db, null, id));
}

/** Prices every item, with the lead time and deposit; the buyer is mailed the quote. */
export async function quoteRequest(
  deps: PrivateLabelDeps, staffId: string, id: number, body: z.infer<typeof privateLabelQuoteBody>,
): Promise<PrivateLabelRequest> {
  return deps.db.transaction(async (tx) => {
    const current = await findRequest(tx, null, id, true);
    assertTransition(current, 'staff', 'quoted');
    const items = await tx.select({ id: privateLabelItems.id }).from(privateLabelItems).where(eq(privateLabelItems.requestId, id));
    const priced = new Map(body.items.map((item) => [item.id, item.unit_price]));
    if (items.some((item) => !priced.has(item.id)) || body.items.some((item) => !items.some((own) => own.id === item.id))) {
      throw badRequest({ items: ['Price every item of this request.'] });
    }
    for (const item of items) {
      await tx.update(privateLabelItems).set({ unitPriceCents: decimalToCents(priced.get(item.id)!) }).where(eq(privateLabelItems.id, item.id));
    }
    const row = await recordStep(tx, id, 'quoted', staffId, '', {
      leadTimeDays: body.lead_time_days, depositPercent: body.deposit_percent, quotedAt: new Date(),
    });
    const view = await requestView(deps, tx, row);
    await mailPrivateLabelStep(tx, deps, current.userId, view, 'quoted');
    return view;
  });
}

/** The next proof version (1, 2, 3…), sent to the buyer. */
export async function sendProof(
  deps: PrivateLabelDeps, store: PrivateFileStore, staffId: string, id: number, file: UploadedFile | undefined, note: string,
): Promise<PrivateLabelRequest> {
  assertTransition(await findRequest(deps.db, null, id), 'staff', 'proof_sent');
  const stored = await storePrivateLabelFile(store, file);
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findRequest(tx, null, id, true);
      assertTransition(current, 'staff', 'proof_sent');
      const [{ last }] = await tx.select({ last: max(privateLabelProofs.version) }).from(privateLabelProofs).where(eq(privateLabelProofs.requestId, id));
      const version = (last ?? 0) + 1;
      await tx.insert(privateLabelProofs).values({ requestId: id, version, ...stored, note, uploadedBy: staffId });
      const view = await requestView(deps, tx, await recordStep(tx, id, 'proof_sent', staffId, note));
      await mailPrivateLabelStep(tx, deps, current.userId, view, 'proof_sent');
      return view;
    });
  } catch (error) {
    await store.remove(stored.storedName);
    throw error;
  }
}

/** One production step on, mailed to the buyer. */
export async function moveProduction(deps: PrivateLabelDeps, staffId: string, id: number, step: ProductionStep): Promise<PrivateLabelRequest> {
  return deps.db.transaction(async (tx) => {
    const current = await findRequest(tx, null, id, true);
    assertTransition(current, 'staff', step);
    const view = await requestView(deps, tx, await recordStep(tx, id, step, staffId));
    await mailPrivateLabelStep(tx, deps, current.userId, view, step);
    return view;
  });
}

/** Staff turn down a request not yet approved, saying why. */
export async function declineRequest(deps: PrivateLabelDeps, staffId: string, id: number, reason: string): Promise<PrivateLabelRequest> {
  return deps.db.transaction(async (tx) => {
    const current = await findRequest(tx, null, id, true);
    assertTransition(current, 'staff', 'declined');
    await refuseWhilePaying(tx, current);
    const view = await requestView(deps, tx, await recordStep(tx, id, 'declined', staffId, reason, { declineReason: reason }));
    await mailPrivateLabelStep(tx, deps, current.userId, view, 'declined');
    return view;
  });
}
