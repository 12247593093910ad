import { eq } from 'drizzle-orm';
import { organisations } from '../db/schema/organisations.ts';
import type { PurchasingPolicy } from '../orders/purchasing-policy.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { holdForApproval } from './hold-for-approval.ts';
import { organisationOrderOf, recordOrganisationOrder } from './organisation-order.ts';

/** Departments, purchase-order numbers and spending limits, as the order flow applies them. */
export function organisationPurchasing(deps: Pick<PaymentDeps, 'publicUrl'>): PurchasingPolicy {
  return {
    async purchaseFor(tx, userId, details) {
      const order = await organisationOrderOf(tx, userId, details);
      if (!order) return null;
      return {
        async hold(lockTx, check) {
          // Whoever takes the row first is counted first: the other's month sum then includes their order.
          await lockTx.select({ id: organisations.id }).from(organisations)
            .where(eq(organisations.id, order.membership.organisationId)).for('update');
          return holdForApproval(lockTx, deps, { order, ...check });
        },
        record: (recordTx, orderId) => recordOrganisationOrder(recordTx, orderId, order),
      };
    },
  };
}
