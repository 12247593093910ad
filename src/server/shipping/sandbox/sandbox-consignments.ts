import type { TrackingStatus } from '../carriers/carrier.ts';

/** The scripted life of a sandbox parcel, one stage after another. */
export const SANDBOX_STAGES = ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const satisfies readonly TrackingStatus[];
export type SandboxStage = (typeof SANDBOX_STAGES)[number];

export interface Checkpoint {
  stage: SandboxStage;
  at: Date;
}

export interface SandboxConsignment<Booked> {
  trackingNumber: string;
  booked: Booked;
  cancelled: boolean;
  /** The stages reached so far, each with the time it was reached; never rewritten once read. */
  checkpoints: Checkpoint[];
}

export interface SandboxConsignments<Booked> {
  book(booked: Booked): SandboxConsignment<Booked>;
  /** The consignment with every stage whose time has come; undefined for a tracking number never booked. */
  find(trackingNumber: string): SandboxConsignment<Booked> | undefined;
  /** Moves the parcel on to its next stage now (the sandbox's "advance" control). */
  advance(trackingNumber: string): SandboxConsignment<Booked> | undefined;
  all(): SandboxConsignment<Booked>[];
}

export interface ConsignmentOptions {
  /** A new tracking number in the carrier's own format. */
  trackingNumber: (sequence: number) => string;
  /** How long each stage lasts before the next is reached by itself. */
  stageMs?: number;
  now?: () => Date;
}

/** A simulator's consignments: booked, then moving through SANDBOX_STAGES as time passes or on demand. */
export function sandboxConsignments<Booked>(options: ConsignmentOptions): SandboxConsignments<Booked> {
  const stageMs = options.stageMs ?? 6 * 60 * 60_000;
  const now = options.now ?? (() => new Date());
  const consignments = new Map<string, SandboxConsignment<Booked>>();

  function catchUp(consignment: SandboxConsignment<Booked>): SandboxConsignment<Booked> {
    const { checkpoints } = consignment;
    while (!consignment.cancelled && checkpoints.length < SANDBOX_STAGES.length) {
      const next = new Date(checkpoints[checkpoints.length - 1].at.getTime() + stageMs);
      if (next > now()) break;
      checkpoints.push({ stage: SANDBOX_STAGES[checkpoints.length], at: next });
    }
    return consignment;
  }

  function find(trackingNumber: string) {
    const consignment = consignments.get(trackingNumber);
    return consignment && catchUp(consignment);
  }

  return {
    find,
    book(booked) {
      const trackingNumber = options.trackingNumber(consignments.size + 1);
      const consignment = { trackingNumber, booked, cancelled: false, checkpoints: [{ stage: SANDBOX_STAGES[0], at: now() }] };
      consignments.set(trackingNumber, consignment);
      return consignment;
    },
    advance(trackingNumber) {
      const consignment = find(trackingNumber);
      if (consignment && !consignment.cancelled && consignment.checkpoints.length < SANDBOX_STAGES.length) {
        consignment.checkpoints.push({ stage: SANDBOX_STAGES[consignment.checkpoints.length], at: now() });
      }
      return consignment;
    },
    all: () => [...consignments.values()].map(catchUp),
  };
}
