import { createHash } from 'node:crypto';

/** The carriers the shop books shipments with: one adapter file each in this folder. */
export const CARRIER_IDS = ['tcs', 'leopards', 'postex', 'dhl_express'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

/** The sender or the receiver of a shipment. */
export interface Party {
  name: string;
  address: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  postalCode?: string;
  phone: string;
  email: string;
}

export interface Parcel {
  weightGrams: number;
  /** Centimetres; carriers that price by volume ask for them. */
  dimensions?: { length: number; width: number; height: number };
}

export interface Money {
  /** Minor units (paisa or cents). */
  amountMinor: number;
  currency: string;
}

/** One line of an export's customs declaration (DHL's paperless trade). */
export interface CustomsLine {
  description: string;
  hsCode: string;
  originCountry: string;
  quantity: number;
  unitValueMinor: number;
  weightGrams: number;
}

export interface Customs {
  incoterm: 'DAP' | 'DDP';
  currency: string;
  invoiceNumber: string;
  lines: CustomsLine[];
}

export interface QuoteRequest {
  shipper: Party;
  consignee: Party;
  parcels: Parcel[];
  codAmount?: Money;
}

export interface Quote {
  service: string;
  name: string;
  price: Money;
  daysMin?: number;
  daysMax?: number;
}

export interface BookShipment {
  /** Our shipment's reference: the carrier's order or customer reference, so a retry is recognisable. */
  reference: string;
  shipper: Party;
  consignee: Party;
  parcels: Parcel[];
  /** Cash the courier collects at the door; absent for a prepaid order. */
  codAmount?: Money;
  /** What is inside, as the carrier prints it on the label. */
  contents: string;
  /** The carrier's service code (DHL's productCode); each adapter has its default. */
  service?: string;
  /** Required for an export with DHL Express. */
  customs?: Customs;
}

export interface Booking {
  trackingNumber: string;
  labelPdf: Buffer;
}

export type TrackingStatus = 'booked' | 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'returned' | 'exception';

/** One of the carrier's checkpoints. `id` is the same every time the carrier reports it, so each is appended once. */
export interface TrackingEvent {
  id: string;
  status: TrackingStatus;
  description: string;
  /** ISO 8601. */
  timestamp: string;
  location: string;
}

/** `manual`: the carrier has no cancellation call for this shipment (an unused DHL label is never billed). */
export type CancelOutcome = { status: 'cancelled' } | { status: 'manual'; reason: string };

/** What the courier says about the cash it collected for one consignment. */
export interface CodRemittance {
  trackingNumber: string;
  amount: Money;
  status: 'paid' | 'pending';
  /** The courier's cheque or transfer reference once paid. */
  paymentReference?: string;
  paidOn?: string;
}

/**
 * One carrier. Every call speaks the carrier's own API over HTTP (to the carrier in live mode, to its simulator under
 * /sandbox/{carrier}/ in sandbox mode).
 */
export interface Carrier {
  id: CarrierId;
  /** The carrier's prices for this shipment; empty for a carrier with no rating API (the zone's rates apply). */
  quote(request: QuoteRequest): Promise<Quote[]>;
  book(request: BookShipment): Promise<Booking>;
  /** The carrier's events for the consignment, oldest first. */
  track(trackingNumber: string): Promise<TrackingEvent[]>;
  cancel(trackingNumber: string): Promise<CancelOutcome>;
  /** Cash-on-delivery remittance, for couriers that report it by API. */
  remittances?(trackingNumbers: string[]): Promise<CodRemittance[]>;
}

/** A carrier refused a request or answered something we cannot read. */
export class CarrierError extends Error {
  constructor(carrier: CarrierId, detail: string) {
    super(`${carrier}: ${detail}`);
    this.name = 'CarrierError';
  }
}

/** An event's id: the same checkpoint (code, time and place) of the same consignment always gets the same one. */
export function trackingEventId(carrier: CarrierId, trackingNumber: string, ...checkpoint: string[]): string {
  return createHash('sha256').update([carrier, trackingNumber, ...checkpoint].join('\u0000')).digest('hex').slice(0, 24);
}

export const totalWeightGrams = (parcels: Parcel[]): number => parcels.reduce((sum, parcel) => sum + parcel.weightGrams, 0);

/** Minor units as the decimal the couriers' APIs take (PKR has no paisa in practice, but 2 decimals are accepted). */
export const decimalAmount = (money: Money): number => money.amountMinor / 100;
