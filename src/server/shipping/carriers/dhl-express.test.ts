import { describe, expect, it } from 'vitest';
import { testShipment } from '../../test/carrier-fixtures.ts';
import { headerOf, jsonAnswer, recordingFetch } from '../../test/carrier-requests.ts';
import { createDhlExpressCarrier } from './dhl-express.ts';

const BASE = 'https://express.api.dhl.example/mydhlapi/test';
const NOW = new Date('2026-11-30T07:00:00Z');
const LABEL = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

function dhl(answer: (url: URL) => Response) {
  const recorded = recordingFetch(answer);
  const carrier = createDhlExpressCarrier({ apiKey: 'dhl-key', apiSecret: 'dhl-secret', accountNumber: '950000000', baseUrl: BASE, fetch: recorded.fetch, now: () => NOW });
  return { ...recorded, carrier };
}

describe('the DHL Express adapter', () => {
  it('creates a shipment with basic authentication, its label and the export declaration for paperless trade', async () => {
    const { carrier, calls } = dhl(() => jsonAnswer({ shipmentTrackingNumber: '1234567890', documents: [{ imageFormat: 'PDF', content: LABEL, typeCode: 'label' }] }, 201));

    const booking = await carrier.book(testShipment('dhl_express'));

    expect(booking.trackingNumber).toBe('1234567890');
    expect(booking.labelPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(calls[0].url.href).toBe(`${BASE}/shipments`);
    expect(headerOf(calls[0].init, 'authorization')).toBe(`Basic ${Buffer.from('dhl-key:dhl-secret').toString('base64')}`);
    expect(calls[0].json).toMatchObject({
      plannedShippingDateAndTime: '2026-11-30T07:00:00 GMT+00:00',
      pickup: { isRequested: false },
      productCode: 'P',
      accounts: [{ typeCode: 'shipper', number: '950000000' }],
      customerReferences: [{ value: 'SHP-0002', typeCode: 'CU' }],
      outputImageProperties: { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label' }] },
      valueAddedServices: [{ serviceCode: 'WY' }],
      customerDetails: {
        shipperDetails: { postalAddress: { cityName: 'Sialkot', countryCode: 'PK', postalCode: '51310' }, contactInformation: { companyName: 'Sialkot Surgical' } },
        receiverDetails: { postalAddress: { cityName: 'Berlin', countryCode: 'DE', postalCode: '10117' }, contactInformation: { fullName: 'Lena Vogel' } },
      },
      content: {
        packages: [{ weight: 0.9, dimensions: { length: 30, width: 20, height: 10 } }],
        isCustomsDeclarable: true, declaredValue: 180, declaredValueCurrency: 'USD', incoterm: 'DAP', unitOfMeasurement: 'metric',
        exportDeclaration: {
          lineItems: [{
            number: 1, description: 'Kelly hemostatic forceps', price: 18, quantity: { value: 10, unitOfMeasurement: 'PCS' },
            commodityCodes: [{ typeCode: 'outbound', value: '901890' }], exportReasonType: 'permanent', manufacturerCountry: 'PK',
            weight: { netValue: 0.8, grossValue: 0.8 },
          }],
          invoice: { number: 'INV-2026-0002', date: '2026-11-30' },
        },
      },
    });
  });

  it('asks for rates with the documented query and reads the billing-currency price', async () => {
    const { carrier, calls } = dhl(() => jsonAnswer({
      products: [{
        productName: 'EXPRESS WORLDWIDE', productCode: 'P', deliveryCapabilities: { totalTransitDays: '3' },
        totalPrice: [{ currencyType: 'PULCL', priceCurrency: 'PKR', price: 15000 }, { currencyType: 'BILLC', priceCurrency: 'USD', price: 51.5 }],
      }],
    }));
    const { shipper, consignee, parcels } = testShipment('dhl_express');
    expect(await carrier.quote({ shipper, consignee, parcels })).toEqual([
      { service: 'P', name: 'EXPRESS WORLDWIDE', price: { amountMinor: 5_150, currency: 'USD' }, daysMin: 3, daysMax: 3 },
    ]);
    expect(calls[0].url.pathname).toBe('/mydhlapi/test/rates');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      accountNumber: '950000000', originCountryCode: 'PK', originCityName: 'Sialkot', originPostalCode: '51310', destinationCountryCode: 'DE',
      destinationCityName: 'Berlin', destinationPostalCode: '10117', weight: '0.9', length: '30', width: '20', height: '10',
      plannedShippingDate: '2026-11-30', isCustomsDeclarable: 'true', unitOfMeasurement: 'metric',
    });
  });

  it('reads the checkpoints of the tracking answer by event code', async () => {
    const { carrier, calls } = dhl(() => jsonAnswer({
      shipments: [{
        shipmentTrackingNumber: '1234567890', events: [
          { date: '2026-11-30', time: '09:15:00', GMTOffset: '+05:00', typeCode: 'PU', description: 'Shipment picked up', serviceArea: [{ code: 'SKT', description: 'Sialkot-PK' }] },
          { date: '2026-12-02', time: '11:40:00', GMTOffset: '+01:00', typeCode: 'OK', description: 'Delivered', serviceArea: [{ code: 'BER', description: 'Berlin-DE' }] },
        ],
      }],
    }));
    const events = await carrier.track('1234567890');
    expect(calls[0].url.pathname).toBe('/mydhlapi/test/shipments/1234567890/tracking');
    expect(events.map(({ status, timestamp, location }) => ({ status, timestamp, location }))).toEqual([
      { status: 'picked_up', timestamp: '2026-11-30T04:15:00.000Z', location: 'Sialkot-PK' },
      { status: 'delivered', timestamp: '2026-12-02T10:40:00.000Z', location: 'Berlin-DE' },
    ]);
  });
});
