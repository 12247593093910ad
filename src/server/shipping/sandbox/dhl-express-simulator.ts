import type { FastifyInstance } from 'fastify';
import { sandboxConsignments, type SandboxStage } from './sandbox-consignments.ts';
import { renderSandboxLabel } from './sandbox-label.ts';
import { missingFields, registerAdvanceControl, stageLocation } from './sandbox-kit.ts';

export const DHL_EXPRESS_SIMULATOR_PREFIX = '/sandbox/dhl_express';

const EVENTS: Record<SandboxStage, { typeCode: string; description: string }> = {
  booked: { typeCode: 'SA', description: 'Shipment information received' },
  picked_up: { typeCode: 'PU', description: 'Shipment picked up' },
  in_transit: { typeCode: 'AF', description: 'Arrived at DHL Sort Facility' },
  out_for_delivery: { typeCode: 'WC', description: 'With delivery courier' },
  delivered: { typeCode: 'OK', description: 'Delivered' },
};

interface DhlAddress { postalAddress?: { cityName?: string; countryCode?: string; addressLine1?: string }; contactInformation?: { fullName?: string } }
interface DhlShipment {
  plannedShippingDateAndTime?: string;
  productCode?: string;
  accounts?: { typeCode?: string; number?: string }[];
  customerReferences?: { value?: string }[];
  valueAddedServices?: { serviceCode?: string }[];
  customerDetails?: { shipperDetails?: DhlAddress; receiverDetails?: DhlAddress };
  content?: {
    packages?: { weight?: number }[];
    isCustomsDeclarable?: boolean;
    exportDeclaration?: { lineItems?: { commodityCodes?: { value?: string }[]; manufacturerCountry?: string }[] };
  };
}

export interface DhlExpressSimulatorOptions {
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
  stageMs?: number;
}

const problem = (status: number, title: string, detail: string) => ({ instance: '/mydhlapi', detail, title, status: String(status) });

/** What an export's shipment lacks for paperless trade: HS codes and the country of manufacture on every line. */
function shipmentProblems(body: DhlShipment, accountNumber: string): string[] {
  const problems = missingFields(body, ['plannedShippingDateAndTime', 'productCode', 'customerDetails', 'content']);
  if (!body.accounts?.some((account) => account.typeCode === 'shipper' && account.number === accountNumber)) problems.push('accounts: unknown shipper account');
  if (!body.content?.packages?.length || body.content.packages.some((one) => !(Number(one.weight) > 0))) problems.push('content.packages: a weight for each');
  const shipper = body.customerDetails?.shipperDetails?.postalAddress;
  const receiver = body.customerDetails?.receiverDetails?.postalAddress;
  if (!shipper?.countryCode || !receiver?.countryCode || !receiver.cityName) problems.push('customerDetails: the shipper\'s and receiver\'s addresses');
  if (body.content?.isCustomsDeclarable) {
    const lines = body.content.exportDeclaration?.lineItems ?? [];
    if (lines.length === 0) problems.push('content.exportDeclaration.lineItems: required for a dutiable shipment');
    if (lines.some((line) => !line.commodityCodes?.[0]?.value || !line.manufacturerCountry)) {
      problems.push('content.exportDeclaration.lineItems: commodityCodes and manufacturerCountry on every line');
    }
  }
  return problems;
}

/** The MyDHL API (DHL Express), as its test environment would answer it. */
export async function registerDhlExpressSimulator(app: FastifyInstance, options: DhlExpressSimulatorOptions): Promise<void> {
  const consignments = sandboxConsignments<DhlShipment>({ trackingNumber: (n) => String(1_234_560_000 + n), stageMs: options.stageMs });
  const basic = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  await app.register(async (dhl) => {
    dhl.addHook('onRequest', async (request, reply) => {
      if (request.url.includes('/consignments/')) return;
      if (request.headers.authorization !== basic) await reply.code(401).send(problem(401, 'Unauthorized', 'Invalid Credentials'));
    });
    registerAdvanceControl(dhl, consignments);
    dhl.get<{ Querystring: Record<string, string> }>('/rates', async (request, reply) => {
      const missing = missingFields(request.query, [
        'accountNumber', 'originCountryCode', 'originCityName', 'destinationCountryCode', 'destinationCityName', 'weight', 'length', 'width', 'height',
        'plannedShippingDate', 'isCustomsDeclarable', 'unitOfMeasurement',
      ]);
      if (missing.length > 0) return reply.code(400).send(problem(400, 'Bad Request', `missing: ${missing.join(', ')}`));
      const kilograms = Math.max(0.5, Math.ceil(Number(request.query.weight) * 2) / 2);
      const product = (productCode: string, productName: string, base: number, perHalfKilo: number, days: number) => ({
        productName, productCode,
        totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'USD', price: Math.round((base + perHalfKilo * kilograms * 2) * 100) / 100 }],
        deliveryCapabilities: { totalTransitDays: String(days) },
      });
      return { products: [product('P', 'EXPRESS WORLDWIDE', 38, 6.5, 3), product('Y', 'EXPRESS 12:00', 52, 7.25, 2)] };
    });
    dhl.post<{ Body: DhlShipment }>('/shipments', async (request, reply) => {
      const problems = shipmentProblems(request.body ?? {}, options.accountNumber);
      if (problems.length > 0) return reply.code(422).send({ ...problem(422, 'Unprocessable Entity', 'Validation failed'), additionalDetails: problems });
      const consignment = consignments.book(request.body);
      const receiver = request.body.customerDetails?.receiverDetails;
      const label = await renderSandboxLabel({
        carrier: 'DHL Express', trackingNumber: consignment.trackingNumber, reference: request.body.customerReferences?.[0]?.value ?? '',
        weightGrams: (request.body.content?.packages ?? []).reduce((sum, one) => sum + Number(one.weight) * 1000, 0),
        from: request.body.customerDetails?.shipperDetails?.postalAddress?.cityName ?? '',
        to: `${receiver?.contactInformation?.fullName ?? ''}\n${receiver?.postalAddress?.addressLine1 ?? ''}\n${receiver?.postalAddress?.cityName ?? ''} ${receiver?.postalAddress?.countryCode ?? ''}`,
      });
      return reply.code(201).send({
        shipmentTrackingNumber: consignment.trackingNumber,
        packages: (request.body.content?.packages ?? []).map((_, index) => ({ referenceNumber: index + 1, trackingNumber: `JD01460000${consignment.trackingNumber}${index}` })),
        documents: [{ imageFormat: 'PDF', content: label.toString('base64'), typeCode: 'label' }],
      });
    });
    dhl.get<{ Params: { trackingNumber: string } }>('/shipments/:trackingNumber/tracking', async (request, reply) => {
      const consignment = consignments.find(request.params.trackingNumber);
      if (!consignment) return reply.code(404).send(problem(404, 'Not Found', 'No shipments found'));
      const address = (details?: DhlAddress) => `${details?.postalAddress?.cityName ?? ''}-${details?.postalAddress?.countryCode ?? ''}`;
      const { shipperDetails, receiverDetails } = consignment.booked.customerDetails ?? {};
      return {
        shipments: [{
          shipmentTrackingNumber: consignment.trackingNumber,
          status: EVENTS[consignment.checkpoints[consignment.checkpoints.length - 1].stage].description,
          events: consignment.checkpoints.map(({ stage, at }) => {
            const area = stageLocation(stage, address(shipperDetails), address(receiverDetails));
            return {
              date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 19), GMTOffset: '+00:00', ...EVENTS[stage],
              serviceArea: [{ code: area.slice(0, 3).toUpperCase(), description: area }],
            };
          }),
        }],
      };
    });
  }, { prefix: DHL_EXPRESS_SIMULATOR_PREFIX });
}
