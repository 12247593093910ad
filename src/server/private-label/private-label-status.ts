import {
  approvePrivateLabelProof, cancelPrivateLabelRequest, declinePrivateLabelRequest, movePrivateLabelProduction, quotePrivateLabelRequest,
  requestPrivateLabelChanges, uploadPrivateLabelArtwork, uploadPrivateLabelProof, type PrivateLabelStatus,
} from '#contracts/private-label';
import type { privateLabelRequests } from '../db/schema/private-label.ts';
import { apiError } from '../lib/errors.ts';

export type PrivateLabelRow = typeof privateLabelRequests.$inferSelect;

/**
 * Who moves a request from each status, and where to. The buyer asks for changes, approves (placing the order) or
 * cancels; staff quote, send proofs, decline and move production. `shipped` is never stored: a ready request is
 * shipped once its order ships.
 */
export const NEXT_STATUSES: Record<'buyer' | 'staff', Partial<Record<PrivateLabelStatus, readonly PrivateLabelStatus[]>>> = {
  buyer: {
    requested: ['cancelled'],
    quoted: ['cancelled'],
    proof_sent: ['changes_requested', 'approved', 'cancelled'],
    changes_requested: ['cancelled'],
  },
  staff: {
    requested: ['quoted', 'declined'],
    quoted: ['quoted', 'proof_sent', 'declined'],
    proof_sent: ['declined'],
    changes_requested: ['proof_sent', 'declined'],
    approved: ['in_production'],
    in_production: ['quality_check'],
    quality_check: ['ready_to_ship'],
  },
};

/** The routes that move a request. */
const MOVING = [
  approvePrivateLabelProof, cancelPrivateLabelRequest, declinePrivateLabelRequest, movePrivateLabelProduction, quotePrivateLabelRequest,
  requestPrivateLabelChanges, uploadPrivateLabelArtwork, uploadPrivateLabelProof,
] as const;

const LABELS: Record<PrivateLabelStatus, string> = {
  requested: 'requested', quoted: 'quoted', proof_sent: 'waiting on its proof', changes_requested: 'waiting for a new proof',
  approved: 'approved', in_production: 'in production', quality_check: 'in quality check', ready_to_ship: 'ready to ship',
  shipped: 'shipped', declined: 'declined', cancelled: 'cancelled',
};

export const illegalTransition = (detail: string) => apiError(MOVING, 'ILLEGAL_TRANSITION', 409, detail);

/** Throws 409 unless `side` may move the request from its status to `to`. */
export function assertTransition(row: Pick<PrivateLabelRow, 'status'>, side: 'buyer' | 'staff', to: PrivateLabelStatus): void {
  if (NEXT_STATUSES[side][row.status]?.includes(to)) return;
  throw illegalTransition(`A request that is ${LABELS[row.status]} cannot become ${LABELS[to]}.`);
}
