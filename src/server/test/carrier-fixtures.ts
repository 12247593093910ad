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

const exported: BookShipment = {
  reference: 'SHP-0002',
  shipper: TEST_SHIPPER,
  consignee: {
    name: 'Lena Vogel', address: 'Friedrichstraße 101', city: 'Berlin', country: 'DE', postalCode: '10117', phone: '+4930123456', email: 'lena@example.de',
  },
  parcels: [{ weightGrams: 900, dimensions: { length: 30, width: 20, height: 10 } }],
  contents: 'Stainless steel surgical instruments',
  customs: {
    incoterm: 'DAP', currency: 'USD', invoiceNumber: 'INV-2026-0002',
    lines: [{ description: 'Kelly hemostatic forceps', hsCode: '901890', originCountry: 'PK', quantity: 10, unitValueMinor: 1_800, weightGrams: 80 }],
  },
};

/** A shipment each carrier takes: a COD parcel across Pakistan, or an export to Berlin with DHL Express. */
export const testShipment = (carrier: CarrierId): BookShipment => (carrier === 'dhl_express' ? exported : domestic);
