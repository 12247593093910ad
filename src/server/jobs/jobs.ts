import type { FastifyInstance } from 'fastify';
import { REMINDER_SWEEP_MINUTES } from '#contracts/cart-reminders';
import { expireReservations, type SweepDeps } from '../checkout/reservation-sweeper.ts';
import { sendLicenceReminders } from '../licences/licence-reminders.ts';
import { writeOffExpiredLots } from '../lots/expiry-sweep.ts';
import { pollOpenShipments, type TrackingDeps } from '../shipments/shipment-tracking.ts';
import { collectCodRemittances, type RemittanceJobDeps } from '../cod/cod-remittance-job.ts';
import { sendCartReminders, type CartReminderDeps } from '../cart-reminders/cart-reminders.ts';
import { runStandingOrders, type StandingOrderDeps } from '../standing-orders/standing-order-runs.ts';
import { createJobScheduler, type JobScheduler, type PeriodicJob } from './job-scheduler.ts';

const MINUTE = 60_000;

export type JobDeps = SweepDeps & TrackingDeps & RemittanceJobDeps & CartReminderDeps & StandingOrderDeps;

/**
 * Every background job of the shop. The periodic ones below run once per period across all processes (see
 * job-scheduler.ts). Two more work through queues of their own, in every process, each row claimed by one
 * (`for update skip locked`): the mail outbox worker (src/server/mail/outbox-worker.ts) and the search embedding
 * indexer (src/server/search/embeddings/semantic-index.ts, product_embedding_queue).
 */
export const periodicJobs = (deps: JobDeps): PeriodicJob[] => [
  // Pending orders whose 15-minute stock reservation ran out: the gateway is asked, then each is confirmed, kept for
  // staff, or cancelled and its stock given back.
  { name: 'reservation-sweep', everyMs: MINUTE, run: () => expireReservations(deps) },
  // Expired lots are written off stock.
  { name: 'lot-expiry-sweep', everyMs: 15 * MINUTE, run: () => writeOffExpiredLots(deps) },
  // Business buyers are mailed before a licence expires.
  { name: 'licence-reminders', everyMs: 60 * MINUTE, run: () => sendLicenceReminders(deps) },
  // Each open shipment's carrier is asked where the parcel is: new checkpoints join the timeline once, the shipment
  // and the order follow, the buyer is mailed when it is out for delivery and delivered, staff when it is held up.
  { name: 'shipment-tracking', everyMs: 30 * MINUTE, run: () => pollOpenShipments(deps) },
  // Couriers that report cash-on-delivery remittances by API are asked about open COD parcels; what they paid marks
  // the orders paid.
  { name: 'cod-remittances', everyMs: 60 * MINUTE, run: () => collectCodRemittances(deps) },
  // Owners of carts left behind for the period staff set are mailed once per time they leave one. Every 15 minutes, so
  // a reminder goes out at most a quarter of an hour after the period ends, whichever period (1 to 720 hours) is set;
  // each sweep is one indexed query when nothing is due.
  { name: 'cart-reminders', everyMs: REMINDER_SWEEP_MINUTES * MINUTE, run: () => sendCartReminders(deps) },
  // Buyers are mailed two days before each run of a standing order; each run that is due (by the shop's day) is
  // claimed once, through its own row, then skipped or ordered on invoice terms (held where a spending limit says).
  { name: 'standing-orders', everyMs: 60 * MINUTE, run: () => runStandingOrders(deps) },
];

/** Starts the periodic jobs when the app is ready; closing the app lets the runs in flight finish. */
export function registerJobs(app: FastifyInstance, deps: JobDeps, options: { tickMs?: number } = {}): JobScheduler {
  const scheduler = createJobScheduler({ db: deps.db, log: deps.log, jobs: periodicJobs(deps), tickMs: options.tickMs });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
  return scheduler;
}
