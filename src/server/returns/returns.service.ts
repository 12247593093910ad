import { and, desc, eq, inArray } from 'drizzle-orm';
import { message } from '#contracts/issues';
import type { ReturnRequestBody, ReturnView } from '#contracts/returns';
import { EXCHANGE_SAME_VARIANT, LINE_NOT_RETURNABLE, type listOrderReturns } from '#contracts/returns';
import type { ResponseOf } from '#contracts/define';
import type { Db, DbOrTx } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { orders } from '../db/schema/orders.ts';
import { returns } from '../db/schema/returns.ts';
import type { UserRow } from '../auth/user-view.ts';
import { variantNotOfProduct } from '../catalog/variants.ts';
import { badRequest, notFound, type FieldErrors } from '../lib/errors.ts';
import { findVisibleOrder, ORDER_NOT_FOUND } from '../orders/orders.service.ts';
import { createReturn } from './rma.ts';
import { sendReturnMail } from './return-mail.ts';
import { loadPolicy, policyView } from './return-policy.ts';
import { buyerView, returnViews } from './return-views.ts';
import { lastReturnDay, lineStates, returnableLines, type LineState } from './returnable-lines.ts';

export interface ReturnDeps {
  db: Db;
  publicUrl: string;
}

type Body = Required<Pick<ReturnRequestBody, 'items'>> & { comment: string; decontamination_declared: boolean };

/** The order's returns, newest first, what may still be returned, until when, and the policy. */
export async function orderReturns(db: Db, user: UserRow, orderNumber: string): Promise<ResponseOf<typeof listOrderReturns>> {
  const order = await findVisibleOrder(db, user, eq(orders.orderNumber, orderNumber));
  const policy = await loadPolicy(db);
  const states = await lineStates(db, order, policy, new Date());
  const rows = await db.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(desc(returns.createdAt), desc(returns.id));
  const { exclusions: _exclusions, ...shownPolicy } = await policyView(db, policy);
  return {
    returns: (await returnViews(db, rows, policy)).map(buyerView),
    lines: await returnableLines(db, states),
    window_ends: lastReturnDay(states, policy),
    policy: shownPolicy,
  };
}

/** Per-field problems of a request against the lines as they stand; the same line asked twice counts once in all. */
async function requestProblems(db: DbOrTx, states: LineState[], body: Body): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const asked = new Map<number, number>();
  const exchangeIds = body.items.flatMap((item) => (item.exchange_variant_id ? [item.exchange_variant_id] : []));
  const variants = exchangeIds.length
    ? await db.select({ id: productVariants.id, productId: productVariants.productId }).from(productVariants)
      .where(and(inArray(productVariants.id, exchangeIds), eq(productVariants.isActive, true)))
    : [];
  body.items.forEach((item, index) => {
    const state = states.find((line) => line.item.id === item.order_item_id);
    if (!state || state.blocked) {
      errors[`items.${index}.order_item_id`] = [LINE_NOT_RETURNABLE];
      return;
    }
    const total = (asked.get(item.order_item_id) ?? 0) + item.quantity;
    asked.set(item.order_item_id, total);
    if (total > state.returnable) {
      errors[`items.${index}.quantity`] = [message('more_than_returnable', `At most ${state.returnable} of this line may be returned.`, { max: state.returnable })];
    }
    const exchange = item.exchange_variant_id ? variants.find((variant) => variant.id === item.exchange_variant_id) : undefined;
    if (item.exchange_variant_id && exchange?.productId !== state.item.productId) errors[`items.${index}.exchange_variant_id`] = [variantNotOfProduct()];
    else if (item.exchange_variant_id === state.item.variantId) errors[`items.${index}.exchange_variant_id`] = [EXCHANGE_SAME_VARIANT];
  });
  return errors;
}

/**
 * The buyer asks to return delivered units: checked against the lines under the order's lock (two requests for the
 * same line wait for each other), written as an RMA with its lines, and mailed.
 */
export async function requestReturn(deps: ReturnDeps, user: UserRow, orderNumber: string, body: Body): Promise<ReturnView> {
  const now = new Date();
  const id = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, user.id))).for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const policy = await loadPolicy(tx);
    const states = await lineStates(tx, order, policy, now);
    const errors = await requestProblems(tx, states, body);
    if (Object.keys(errors).length) throw badRequest(errors);
    const row = await createReturn(tx, {
      orderId: order.id, userId: user.id, status: 'requested', comment: body.comment,
      decontaminationDeclaredAt: body.decontamination_declared ? now : null,
      items: body.items.map((item) => ({
        orderItemId: item.order_item_id, quantity: item.quantity, reason: item.reason, used: item.used ?? false,
        exchangeVariantId: item.exchange_variant_id ?? null,
      })),
    });
    await sendReturnMail(tx, deps.publicUrl, order.id, row.rma, { kind: 'requested' });
    return row.id;
  });
  return (await returnViewById(deps.db, id)).buyer;
}

/** One return as staff and as its buyer see it. */
export async function returnViewById(db: Db, id: number) {
  const rows = await db.select().from(returns).where(eq(returns.id, id));
  const [view] = await returnViews(db, rows, await loadPolicy(db));
  return { staff: view, buyer: buyerView(view) };
}
