import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceTestApp, type CommerceTestApp } from '../../test/commerce-fixtures.ts';
import { testShipment } from '../../test/carrier-fixtures.ts';
import { freePort } from '../../test/free-port.ts';
import { CARRIER_IDS, CarrierError, type Carrier, type CarrierId } from '../carriers/carrier.ts';
import { createDhlExpressCarrier } from '../carriers/dhl-express.ts';
import { createLeopardsCarrier } from '../carriers/leopards.ts';
import { createPostexCarrier } from '../carriers/postex.ts';
import { createTcsCarrier } from '../carriers/tcs.ts';
import { DHL_EXPRESS_SIMULATOR_PREFIX } from './dhl-express-simulator.ts';
import { LEOPARDS_SIMULATOR_PREFIX } from './leopards-simulator.ts';
import { POSTEX_SIMULATOR_PREFIX } from './postex-simulator.ts';
import { TCS_SIMULATOR_PREFIX } from './tcs-simulator.ts';

/** Each adapter aimed at its simulator with credentials the simulator never issued. */
const impostors: Record<CarrierId, (origin: string) => Carrier> = {
  tcs: (origin) => createTcsCarrier({ apiKey: 'not-the-token', costCenterCode: 'SANDBOX-CC', baseUrl: origin + TCS_SIMULATOR_PREFIX }),
  leopards: (origin) => createLeopardsCarrier({ apiKey: 'not-the-key', apiPassword: 'not-the-password', baseUrl: origin + LEOPARDS_SIMULATOR_PREFIX }),
  postex: (origin) => createPostexCarrier({ token: 'not-the-token', baseUrl: origin + POSTEX_SIMULATOR_PREFIX }),
  dhl_express: (origin) => createDhlExpressCarrier({ apiKey: 'not-the-key', apiSecret: 'not-the-secret', accountNumber: '950000000', baseUrl: origin + DHL_EXPRESS_SIMULATOR_PREFIX }),
};

let t: CommerceTestApp;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createCommerceTestApp({ port });
});
afterAll(() => t.close());

const carrier = (id: CarrierId): Carrier => {
  const adapter = t.app.shipping.carriers[id];
  if (!adapter) throw new Error(`${id} is not mounted`);
  return adapter;
};

describe.each(CARRIER_IDS)('the %s simulator over HTTP', (id) => {
  it('books a shipment: a tracking number and a PDF label', async () => {
    const booking = await carrier(id).book(testShipment(id));
    expect(booking.trackingNumber).toMatch(/^[A-Z0-9]{8,}$/);
    expect(booking.labelPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(booking.labelPdf.toString('latin1')).toContain('%%EOF');
  });

  it('tracks the parcel with events whose ids stay the same from one poll to the next', async () => {
    const { trackingNumber } = await carrier(id).book(testShipment(id));
    const first = await carrier(id).track(trackingNumber);
    expect(first.map((event) => event.status)).toEqual(['booked']);

    for (let step = 0; step < 2; step++) {
      const advanced = await fetch(`${origin}/sandbox/${id}/consignments/${trackingNumber}/advance`, { method: 'POST' });
      expect(advanced.status).toBe(200);
    }
    const second = await carrier(id).track(trackingNumber);
    expect(second.map((event) => event.status)).toEqual(['booked', 'picked_up', 'in_transit']);
    expect(second[0]).toEqual(first[0]);
    expect(new Set(second.map((event) => event.id)).size).toBe(3);
    expect(await carrier(id).track(trackingNumber)).toEqual(second);
    for (const event of second) {
      expect(event.description).not.toBe('');
      expect(event.location).not.toBe('');
      expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
    }
  });

  it('refuses credentials it never issued', async () => {
    await expect(impostors[id](origin).book(testShipment(id))).rejects.toBeInstanceOf(CarrierError);
  });
});

describe('Leopards\' COD payment status', () => {
  it('is pending until the parcel is delivered, then paid with the remittance\'s cheque', async () => {
    const leopards = carrier('leopards');
    const { trackingNumber } = await leopards.book(testShipment('leopards'));
    expect(await leopards.remittances!([trackingNumber])).toEqual([
      { trackingNumber, amount: { amountMinor: 540_000, currency: 'PKR' }, status: 'pending' },
    ]);
    for (let step = 0; step < 4; step++) await fetch(`${origin}/sandbox/leopards/consignments/${trackingNumber}/advance`, { method: 'POST' });
    const [remittance] = await leopards.remittances!([trackingNumber]);
    expect(remittance).toMatchObject({ trackingNumber, status: 'paid', amount: { amountMinor: 540_000, currency: 'PKR' } });
    expect(remittance.paymentReference).toMatch(/^CHQ-/);
    expect((await leopards.track(trackingNumber)).at(-1)?.status).toBe('delivered');
  });
});

describe('DHL Express over HTTP', () => {
  it('quotes its products for an export to Berlin, heavier parcels costing more', async () => {
    const dhl = carrier('dhl_express');
    const { shipper, consignee, parcels } = testShipment('dhl_express');
    const light = await dhl.quote({ shipper, consignee, parcels });
    expect(light.map(({ service, name, price, daysMin }) => ({ service, name, currency: price.currency, daysMin }))).toEqual([
      { service: 'P', name: 'EXPRESS WORLDWIDE', currency: 'USD', daysMin: 3 },
      { service: 'Y', name: 'EXPRESS 12:00', currency: 'USD', daysMin: 2 },
    ]);
    const heavy = await dhl.quote({ shipper, consignee, parcels: [{ weightGrams: 5_000 }] });
    expect(heavy[0].price.amountMinor).toBeGreaterThan(light[0].price.amountMinor);
  });

  it('refuses an export whose lines lack their HS codes', async () => {
    const shipment = testShipment('dhl_express');
    const lines = shipment.customs!.lines.map((line) => ({ ...line, hsCode: '' }));
    await expect(carrier('dhl_express').book({ ...shipment, customs: { ...shipment.customs!, lines } })).rejects.toThrow(/HTTP 422/);
  });
});
