import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { START_LINK_USED, START_TOKEN_MINUTES, type PunchoutOperation, type PunchoutProtocol, type PunchoutSessionView } from '#contracts/punchout';
import { startSession, type Session } from '../auth/auth.service.ts';
import { createOpaqueToken, hashOpaqueToken } from '../auth/opaque-token.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { ensureCart } from '../cart/cart.service.ts';
import { prepared, type Db, type DbOrTx } from '../db/client.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { organisations } from '../db/schema/organisations.ts';
import { punchoutSessions } from '../db/schema/punchout.ts';
import { users } from '../db/schema/users.ts';
import { badRequest, forbidden } from '../lib/errors.ts';

export type PunchoutSessionRow = typeof punchoutSessions.$inferSelect;

export interface PunchoutItem {
  variantId: number;
  quantity: number;
}

export interface NewPunchout {
  organisationId: string;
  userId: string;
  protocol: PunchoutProtocol;
  operation: PunchoutOperation;
  buyerCookie: string;
  returnUrl: string;
  returnTarget?: string;
  items: PunchoutItem[];
}

/** Only an http or https address can take the cart back: anything else (javascript:, data:) is refused. */
export function isReturnUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && value.length <= 2000;
  } catch {
    return false;
  }
}

/** Records the punchout and answers its start page, which works once and for START_TOKEN_MINUTES. */
export async function openPunchout(db: DbOrTx, publicUrl: string, punchout: NewPunchout, now = new Date()): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await db.insert(punchoutSessions).values({
    ...punchout, startTokenHash: hash, startExpiresAt: new Date(now.getTime() + START_TOKEN_MINUTES * 60_000),
  });
  return `${publicUrl}/punchout/start/${token}`;
}

/**
 * The variants the procurement system sends back (edit, inspect), by our variant id (SupplierPartAuxiliaryID) or
 * else by catalogue number (SupplierPartID); lines naming nothing the shop sells are left out.
 */
export async function variantsOfParts(
  db: DbOrTx, parts: { auxiliaryId: string; partId: string; quantity: number }[],
): Promise<PunchoutItem[]> {
  const ids = parts.map((part) => Number(part.auxiliaryId)).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const numbers = parts.map((part) => part.partId.toLowerCase()).filter(Boolean);
  const rows = ids.length + numbers.length === 0 ? [] : await db.select({ id: productVariants.id, modelNumber: productVariants.modelNumber })
    .from(productVariants).where(sql`${ids.length ? inArray(productVariants.id, ids) : sql`false`}
      or ${numbers.length ? inArray(sql`lower(${productVariants.modelNumber})`, numbers) : sql`false`}`);
  const byId = new Map(rows.map((row) => [row.id, row.id]));
  const byNumber = new Map(rows.map((row) => [row.modelNumber.toLowerCase(), row.id]));
  const items = new Map<number, number>();
  for (const part of parts) {
    const variantId = byId.get(Number(part.auxiliaryId)) ?? byNumber.get(part.partId.toLowerCase());
    if (variantId === undefined || !(part.quantity > 0)) continue;
    items.set(variantId, Math.min((items.get(variantId) ?? 0) + Math.floor(part.quantity), 10_000));
  }
  return [...items].map(([variantId, quantity]) => ({ variantId, quantity }));
}

const viewOf = (row: PunchoutSessionRow, organisation: string): PunchoutSessionView =>
  ({ organisation, protocol: row.protocol, operation: row.operation });

/** The cart as the punchout opens it: empty for create, the request's items for edit and inspect. */
async function openCart(db: Db, userId: string, items: PunchoutItem[]): Promise<void> {
  const cartId = await ensureCart(db, userId);
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    await tx.update(carts).set({ promoCodeId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
    if (items.length > 0) await tx.insert(cartItems).values(items.map((item) => ({ cartId, ...item })));
  });
}

/**
 * Opens the start page: the token is used up (an expired or used one is refused, and a second opening finds it used),
 * the buyer is signed in with a session whose family is the punchout's own id, which marks every token of it, through
 * refresh rotation, as this punchout, and the cart opens as the operation asks.
 */
export async function startPunchout(
  deps: { db: Db; accessTokens: AccessTokens }, token: string, userAgent?: string, now = new Date(),
): Promise<Session & { punchout: PunchoutSessionView }> {
  const [opened] = await deps.db.update(punchoutSessions).set({ openedAt: now }).where(and(
    eq(punchoutSessions.startTokenHash, hashOpaqueToken(token)), isNull(punchoutSessions.openedAt), gt(punchoutSessions.startExpiresAt, now),
  )).returning();
  if (!opened) throw badRequest({ token: [START_LINK_USED] }, START_LINK_USED);
  const [row] = await deps.db.select({ user: users, organisation: organisations.name }).from(users)
    .innerJoin(organisations, eq(organisations.id, opened.organisationId)).where(eq(users.id, opened.userId));
  if (!row || row.user.deactivatedAt) throw badRequest({ token: [START_LINK_USED] }, START_LINK_USED);
  await openCart(deps.db, opened.userId, opened.operation === 'create' ? [] : opened.items);
  await deps.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, opened.userId));
  const session = await startSession(deps, row.user, userAgent, { familyId: opened.id });
  return { ...session, punchout: viewOf(opened, row.organisation) };
}

/** The punchout the request's session is, if it is one (requireUser has run). */
export async function punchoutOf(db: DbOrTx, request: FastifyRequest): Promise<(PunchoutSessionRow & { organisation: string }) | null> {
  if (!request.sessionId || !request.user) return null;
  const [row] = await prepared(db.select({ session: punchoutSessions, organisation: organisations.name }).from(punchoutSessions)
    .innerJoin(organisations, eq(organisations.id, punchoutSessions.organisationId))
    .where(and(eq(punchoutSessions.id, request.sessionId), eq(punchoutSessions.userId, request.user.id), isNotNull(punchoutSessions.openedAt))),
  'punchout_of_session');
  return row ? { ...row.session, organisation: row.organisation } : null;
}

export async function punchoutView(db: DbOrTx, request: FastifyRequest): Promise<PunchoutSessionView | null> {
  const row = await punchoutOf(db, request);
  return row && viewOf(row, row.organisation);
}

/** Refuses what a punchout session does not do (checkout; changing an inspected cart). */
export async function refuseInPunchout(db: DbOrTx, request: FastifyRequest, detail: string, operations?: PunchoutOperation[]): Promise<void> {
  const row = await punchoutOf(db, request);
  if (row && (!operations || operations.includes(row.operation))) throw forbidden(detail);
}
