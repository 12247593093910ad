import type { BookShipment, CarrierId } from '../shipping/carriers/carrier.ts';

export const TEST_SHIPPER = {
  name: 'Sialkot Surgical', address: 'Plot 12, Small Industrial Estate', city: 'Sialkot', country: 'PK', postalCode: '51310',
  phone: '+92523550011', email: 'dispatch@sialkotsurgical.example',
};

const domestic: BookShipment = {
  reference: 'SHP-0001',
  shipper: TEST_SHIPPER,
  consignee: { name: 'Ayesha Khan', address: 'House 4, Street 9, DHA Phase 6', city: 'Karachi', country: 'PK', phone: '03001234567', email: 'ayesha@example.com' },
  parcels: [{ weightGrams: 1_250 }, { weightGrams: 400 }],
  codAmount: { amountMinor: 540_000, currency: 'PKR' },
  contents: 'Surgical instruments',
};

/** A shipment each carrier takes: a COD parcel across Pakistan. */
export const testShipment = (_carrier: CarrierId): BookShipment => domestic;
