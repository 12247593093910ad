import { asRecord, asRecords, callCarrier, pdfBytes, requiredText, type CarrierConnection } from './carrier-http.ts';
import {
  CarrierError, totalWeightGrams, trackingEventId, type BookShipment, type Carrier, type Parcel, type Party, type TrackingStatus,
} from './carrier.ts';

export const DHL_EXPRESS_LIVE_URL = 'https://express.api.dhl.com/mydhlapi';

export interface DhlExpressOptions extends CarrierConnection {
  apiKey: string;
  apiSecret: string;
  /** The shipper account billed for the shipments and quoted in the rates. */
  accountNumber: string;
  now?: () => Date;
}

/** MyDHL API's checkpoint event codes. */
export const DHL_EVENT_CODES: Record<string, TrackingStatus> = {
  SA: 'booked', PU: 'picked_up', PL: 'in_transit', DF: 'in_transit', AF: 'in_transit', AR: 'in_transit', CC: 'in_transit', WC: 'out_for_delivery',
  OK: 'delivered', RT: 'returned',
};

const kilograms = (grams: number) => Math.round(grams) / 1000;
const DEFAULT_BOX = { length: 20, width: 15, height: 10 };

const dhlParty = (party: Party) => ({
  postalAddress: { postalCode: party.postalCode ?? '', cityName: party.city, countryCode: party.country, addressLine1: party.address },
  contactInformation: { phone: party.phone, companyName: party.name, fullName: party.name, email: party.email },
});

const dhlPackage = (parcel: Parcel) => ({ weight: kilograms(parcel.weightGrams), dimensions: parcel.dimensions ?? DEFAULT_BOX });

/** MyDHL's date-time: local time with its offset written "GMT+hh:mm" (the shop sends UTC). */
const plannedTime = (at: Date) => `${at.toISOString().slice(0, 19)} GMT+00:00`;

/** The shipment's content: an export declares its lines for paperless trade (DHL makes the commercial invoice from them). */
function dhlContent(shipment: BookShipment, today: Date) {
  const customs = shipment.customs;
  const declared = customs ? customs.lines.reduce((sum, line) => sum + line.quantity * line.unitValueMinor, 0) / 100 : undefined;
  return {
    packages: shipment.parcels.map(dhlPackage),
    isCustomsDeclarable: customs !== undefined,
    description: shipment.contents,
    unitOfMeasurement: 'metric',
    ...(customs ? {
      declaredValue: declared,
      declaredValueCurrency: customs.currency,
      incoterm: customs.incoterm,
      exportDeclaration: {
        lineItems: customs.lines.map((line, index) => ({
          number: index + 1,
          description: line.description,
          price: line.unitValueMinor / 100,
          quantity: { value: line.quantity, unitOfMeasurement: 'PCS' },
          commodityCodes: [{ typeCode: 'outbound', value: line.hsCode }],
          exportReasonType: 'permanent',
          manufacturerCountry: line.originCountry,
          weight: { netValue: kilograms(line.weightGrams * line.quantity), grossValue: kilograms(line.weightGrams * line.quantity) },
        })),
        invoice: { number: customs.invoiceNumber, date: today.toISOString().slice(0, 10) },
      },
    } : {}),
  };
}

/** DHL Express through the MyDHL API (basic authentication): rates, shipments with label and paperless trade, tracking. */
export function createDhlExpressCarrier(options: DhlExpressOptions): Carrier {
  const headers = { authorization: `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}` };
  const now = options.now ?? (() => new Date());
  const call = (path: string, method: 'GET' | 'POST', json?: unknown) => callCarrier('dhl_express', options, path, { method, headers, json });

  return {
    id: 'dhl_express',
    async quote(request) {
      const box = request.parcels.find((parcel) => parcel.dimensions)?.dimensions ?? DEFAULT_BOX;
      const query = new URLSearchParams({
        accountNumber: options.accountNumber,
        originCountryCode: request.shipper.country, originCityName: request.shipper.city, originPostalCode: request.shipper.postalCode ?? '',
        destinationCountryCode: request.consignee.country, destinationCityName: request.consignee.city,
        destinationPostalCode: request.consignee.postalCode ?? '',
        weight: String(kilograms(totalWeightGrams(request.parcels))),
        length: String(box.length), width: String(box.width), height: String(box.height),
        plannedShippingDate: now().toISOString().slice(0, 10),
        isCustomsDeclarable: String(request.consignee.country !== request.shipper.country),
        unitOfMeasurement: 'metric',
      });
      const answer = await call(`/rates?${query}`, 'GET');
      return asRecords(answer.products).map((product) => {
        const price = asRecords(product.totalPrice).find((one) => one.currencyType === 'BILLC') ?? asRecords(product.totalPrice)[0] ?? {};
        const days = Number(asRecord(product.deliveryCapabilities).totalTransitDays);
        return {
          service: String(product.productCode),
          name: String(product.productName),
          price: { amountMinor: Math.round(Number(price.price) * 100), currency: String(price.priceCurrency) },
          ...(Number.isFinite(days) ? { daysMin: days, daysMax: days } : {}),
        };
      });
    },
    async book(shipment) {
      if (shipment.consignee.country !== shipment.shipper.country && !shipment.customs) {
        throw new CarrierError('dhl_express', 'an export needs its customs lines');
      }
      const answer = await call('/shipments', 'POST', {
        plannedShippingDateAndTime: plannedTime(now()),
        pickup: { isRequested: false },
        productCode: shipment.service ?? 'P',
        accounts: [{ typeCode: 'shipper', number: options.accountNumber }],
        customerReferences: [{ value: shipment.reference, typeCode: 'CU' }],
        outputImageProperties: { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label', templateName: 'ECOM26_84_001' }] },
        ...(shipment.customs ? { valueAddedServices: [{ serviceCode: 'WY' }] } : {}),
        customerDetails: { shipperDetails: dhlParty(shipment.shipper), receiverDetails: dhlParty(shipment.consignee) },
        content: dhlContent(shipment, now()),
      });
      const trackingNumber = requiredText('dhl_express', answer.shipmentTrackingNumber, 'shipmentTrackingNumber');
      const label = asRecords(answer.documents).find((document) => document.typeCode === 'label');
      const content = requiredText('dhl_express', label?.content, 'label');
      return { trackingNumber, labelPdf: pdfBytes('dhl_express', Buffer.from(content, 'base64')) };
    },
    async track(trackingNumber) {
      const answer = await call(`/shipments/${encodeURIComponent(trackingNumber)}/tracking?trackingView=all-checkpoints&levelOfDetail=all`, 'GET');
      const shipment = asRecords(answer.shipments).find((one) => String(one.shipmentTrackingNumber) === trackingNumber);
      if (!shipment) throw new CarrierError('dhl_express', `no shipment ${trackingNumber}`);
      return asRecords(shipment.events).map((event) => {
        const code = String(event.typeCode ?? '');
        const timestamp = new Date(`${String(event.date)}T${String(event.time)}${String(event.GMTOffset ?? '+00:00')}`).toISOString();
        const location = String(asRecords(event.serviceArea)[0]?.description ?? '');
        return {
          id: trackingEventId('dhl_express', trackingNumber, code, timestamp, location),
          status: DHL_EVENT_CODES[code] ?? 'exception',
          description: String(event.description ?? ''),
          timestamp,
          location,
        };
      });
    },
    // MyDHL API cancels pickups, not shipments: a label never handed over is never billed.
    cancel: async () => ({ status: 'manual', reason: 'DHL Express bills only shipments handed over: keep the label unused' }),
  };
}
