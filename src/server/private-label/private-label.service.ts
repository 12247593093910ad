import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal } from '#contracts/money';
import {
  approvePrivateLabelProof, belowMinimum, cancelPrivateLabelRequest, declinePrivateLabelRequest, requestPrivateLabelChanges, NOT_OFFERED, OPEN_PRIVATE_LABEL_STATUSES, type PrivateLabelOffer, type PrivateLabelRequest,
  type PrivateLabelStatus, type privateLabelRequestBody,
} from '#contracts/private-label';
import { variantLabels } from '../catalog/variants.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { orders } from '../db/schema/orders.ts';
import { privateLabelEvents, privateLabelItems, privateLabelProofs, privateLabelRequests } from '../db/schema/private-label.ts';
import { apiError, badRequest, type FieldErrors } from '../lib/errors.ts';
import type { PrivateFileStore } from '../lib/private-files.ts';
import type { UploadedFile } from '../lib/upload-form.ts';
import { decidingAccess, DECIDING_ROLES, findRequest, organisationAccess } from './private-label-access.ts';
import { storePrivateLabelFile } from './private-label-files.ts';
import { mailPrivateLabelStep, type PrivateLabelMailDeps } from './private-label-mail.ts';
import { assertTransition, illegalTransition, type PrivateLabelRow } from './private-label-status.ts';
import { requestViews } from './private-label-view.ts';

export interface PrivateLabelDeps extends PrivateLabelMailDeps {
  db: Db;
  /** TAX_RATE in basis points, as checkout charges it. */
  taxBasisPoints: number;
}

/** One request as its organisation's member (`canDecide`) or staff read it. */
export async function requestView(deps: PrivateLabelDeps, db: DbOrTx, row: PrivateLabelRow, canDecide = false): Promise<PrivateLabelRequest> {
  return (await requestViews(db, [row], deps.taxBasisPoints, canDecide))[0];
}

/** Records a step with its date, moving the request there. */
export async function recordStep(
  tx: DbOrTx, id: number, status: PrivateLabelStatus, userId: string | null, note = '', extra: Partial<PrivateLabelRow> = {},
): Promise<PrivateLabelRow> {
  const now = new Date();
  const [row] = await tx.update(privateLabelRequests).set({ ...extra, status, updatedAt: now }).where(eq(privateLabelRequests.id, id)).returning();
  await tx.insert(privateLabelEvents).values({ requestId: id, status, note, userId, createdAt: now });
  return row;
}

/** The active products offered for private label, each variant on sale with its catalogue price. */
export async function privateLabelOffers(db: Db): Promise<PrivateLabelOffer[]> {
  const rows = await db.select({
    productId: products.id, name: products.name, slug: products.slug, moq: products.privateLabelMoq,
    variantId: productVariants.id, modelNumber: productVariants.modelNumber, priceCents: productVariants.priceCents,
  }).from(products).innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(isNotNull(products.privateLabelMoq), eq(products.isActive, true), eq(productVariants.isActive, true)))
    .orderBy(asc(products.name), asc(productVariants.id));
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  const offers = new Map<number, PrivateLabelOffer>();
  for (const row of rows) {
    const offer = offers.get(row.productId)
      ?? { product_id: row.productId, product_name: row.name, product_slug: row.slug, moq: row.moq!, variants: [] };
    offer.variants.push({ id: row.variantId, label: labels.get(row.variantId) ?? '', model_number: row.modelNumber, price: centsToDecimal(row.priceCents) });
    offers.set(row.productId, offer);
  }
  return [...offers.values()];
}

/** 400 per item: a variant not offered for private label (or not on sale), or fewer units than its product's minimum. */
async function checkItems(db: Db, items: z.infer<typeof privateLabelRequestBody>['items']): Promise<void> {
  const offered = await db.select({ id: productVariants.id, moq: products.privateLabelMoq }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, items.map((item) => item.variant_id)), eq(products.isActive, true), eq(productVariants.isActive, true)));
  const errors: FieldErrors = {};
  items.forEach((item, index) => {
    const moq = offered.find((variant) => variant.id === item.variant_id)?.moq ?? null;
    if (moq === null) errors[`items.${index}.variant_id`] = [NOT_OFFERED];
    else if (item.quantity < moq) errors[`items.${index}.quantity`] = [belowMinimum(moq)];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/** A member who may decide asks for private label; staff and the buyer are mailed. Nothing is stored on a 400. */
export async function createRequest(
  deps: PrivateLabelDeps, userId: string, body: z.infer<typeof privateLabelRequestBody>,
): Promise<PrivateLabelRequest> {
  const access = await decidingAccess(deps.db, userId);
  await checkItems(deps.db, body.items);
  return deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(privateLabelRequests).values({
      organisationId: access.organisationId, userId, marking: body.marking, placement: body.placement, packagingText: body.packaging_text,
      manufacturerNoticeAt: body.manufacturer_notice ? new Date() : null,
    }).returning();
    await tx.insert(privateLabelItems).values(body.items.map((item) => ({ requestId: created.id, variantId: item.variant_id, quantity: item.quantity })));
    await tx.insert(privateLabelEvents).values({ requestId: created.id, status: 'requested', userId, createdAt: created.createdAt });
    const view = await requestView(deps, tx, created, true);
    await mailPrivateLabelStep(tx, deps, userId, view, 'requested');
    return view;
  });
}

/** The requests of the reader's organisation, newest first. */
export async function listOwnRequests(deps: PrivateLabelDeps, userId: string): Promise<PrivateLabelRequest[]> {
  const access = await organisationAccess(deps.db, userId);
  const rows = await deps.db.select().from(privateLabelRequests).where(eq(privateLabelRequests.organisationId, access.organisationId))
    .orderBy(desc(privateLabelRequests.createdAt), desc(privateLabelRequests.id));
  return requestViews(deps.db, rows, deps.taxBasisPoints, DECIDING_ROLES.includes(access.role));
}

export async function ownRequest(deps: PrivateLabelDeps, userId: string, id: number): Promise<PrivateLabelRequest> {
  const access = await organisationAccess(deps.db, userId);
  return requestView(deps, deps.db, await findRequest(deps.db, access.organisationId, id), DECIDING_ROLES.includes(access.role));
}

/** The buyer's artwork (SVG, PDF or PNG by content), replacing the last, while nothing is approved. */
export async function attachArtwork(
  deps: PrivateLabelDeps, store: PrivateFileStore, userId: string, id: number, file: UploadedFile | undefined,
): Promise<PrivateLabelRequest> {
  const access = await decidingAccess(deps.db, userId);
  const current = await findRequest(deps.db, access.organisationId, id);
  if (!(OPEN_PRIVATE_LABEL_STATUSES as readonly string[]).includes(current.status)) {
    throw illegalTransition('The artwork can be changed only until a proof is approved.');
  }
  const stored = await storePrivateLabelFile(store, file);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await findRequest(tx, access.organisationId, id, true);
    const [updated] = await tx.update(privateLabelRequests).set({
      artworkFileName: stored.fileName, artworkStoredName: stored.storedName, artworkContentType: stored.contentType,
      artworkSizeBytes: stored.sizeBytes, updatedAt: new Date(),
    }).where(eq(privateLabelRequests.id, id)).returning();
    return { updated, previous: locked.artworkStoredName };
  });
  if (row.previous) await store.remove(row.previous);
  return requestView(deps, deps.db, row.updated, true);
}

/** The buyer asks for changes to the proof sent, saying what; the latest proof keeps the decision. */
export async function askForChanges(deps: PrivateLabelDeps, userId: string, id: number, comment: string): Promise<PrivateLabelRequest> {
  const access = await decidingAccess(deps.db, userId);
  return deps.db.transaction(async (tx) => {
    const current = await findRequest(tx, access.organisationId, id, true);
    assertTransition(current, 'buyer', 'changes_requested');
    await refuseWhilePaying(tx, current);
    const [proof] = await tx.select({ id: privateLabelProofs.id }).from(privateLabelProofs).where(eq(privateLabelProofs.requestId, id))
      .orderBy(desc(privateLabelProofs.version)).limit(1);
    await tx.update(privateLabelProofs).set({ decision: 'changes_requested', decisionComment: comment, decidedBy: userId, decidedAt: new Date() })
      .where(eq(privateLabelProofs.id, proof.id));
    const view = await requestView(deps, tx, await recordStep(tx, id, 'changes_requested', userId, comment), true);
    await mailPrivateLabelStep(tx, deps, current.userId, view, 'changes_requested', comment);
    return view;
  });
}

/** The buyer withdraws a request not yet approved. */
export async function cancelRequest(deps: PrivateLabelDeps, userId: string, id: number, reason: string): Promise<PrivateLabelRequest> {
  const access = await decidingAccess(deps.db, userId);
  return deps.db.transaction(async (tx) => {
    const current = await findRequest(tx, access.organisationId, id, true);
    assertTransition(current, 'buyer', 'cancelled');
    await refuseWhilePaying(tx, current);
    const view = await requestView(deps, tx, await recordStep(tx, id, 'cancelled', userId, reason), true);
    await mailPrivateLabelStep(tx, deps, current.userId, view, 'cancelled', reason);
    return view;
  });
}

/** 409 while the order placed on approving the proof waits for its payment. */
export async function refuseWhilePaying(tx: DbOrTx, row: PrivateLabelRow): Promise<void> {
  if (!row.orderId) return;
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  if (order?.status === 'pending') {
    throw apiError([cancelPrivateLabelRequest, requestPrivateLabelChanges, declinePrivateLabelRequest, approvePrivateLabelProof], 'PAYMENT_IN_PROGRESS', 409, 'A payment for this request is in progress.');
  }
}
