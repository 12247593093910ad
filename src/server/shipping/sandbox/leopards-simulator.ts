import type { FastifyInstance } from 'fastify';
import { sandboxConsignments, type SandboxStage } from './sandbox-consignments.ts';
import { renderSandboxLabel } from './sandbox-label.ts';
import { missingFields, registerAdvanceControl } from './sandbox-kit.ts';

export const LEOPARDS_SIMULATOR_PREFIX = '/sandbox/leopards';

const CITIES = ['Karachi', 'Lahore', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Quetta', 'Sialkot', 'Hyderabad']
  .map((name, index) => ({ id: 789 + index, name }));

const STATUS_TEXT: Record<SandboxStage, string> = {
  booked: 'Consignment Booked', picked_up: 'Shipment Picked', in_transit: 'Dispatched', out_for_delivery: 'Assigned to Courier', delivered: 'Delivered',
};

const REQUIRED = [
  'booked_packet_weight', 'booked_packet_no_piece', 'booked_packet_collect_amount', 'booked_packet_order_id', 'origin_city', 'destination_city',
  'shipment_name_eng', 'shipment_phone', 'shipment_address', 'consignment_name_eng', 'consignment_phone', 'consignment_address',
] as const;

type Packet = Record<(typeof REQUIRED)[number], string>;

export interface LeopardsSimulatorOptions {
  apiKey: string;
  apiPassword: string;
  /** The shop's address: slip_link points at it. */
  origin: string;
  stageMs?: number;
}

/** Leopards' merchant API, as its staging server would answer it: HTTP 200 with status 1, or status 0 and the error. */
export async function registerLeopardsSimulator(app: FastifyInstance, options: LeopardsSimulatorOptions): Promise<void> {
  const consignments = sandboxConsignments<Packet>({ trackingNumber: (n) => `KI${String(75_000_000 + n).padStart(9, '0')}`, stageMs: options.stageMs });
  const refuse = (error: string) => ({ status: 0, error });
  const cityName = (id: string) => CITIES.find((city) => String(city.id) === String(id))?.name ?? '';
  const sialkot = String(CITIES.find((city) => city.name === 'Sialkot')?.id);

  await app.register(async (leopards) => {
    registerAdvanceControl(leopards, consignments);
    leopards.get<{ Params: { trackingNumber: string } }>('/slip/:trackingNumber', async (request, reply) => {
      const consignment = consignments.find(request.params.trackingNumber);
      if (!consignment) return reply.code(404).send(refuse('Invalid CN'));
      const packet = consignment.booked;
      const cod = Number(packet.booked_packet_collect_amount);
      return reply.type('application/pdf').send(await renderSandboxLabel({
        carrier: 'Leopards', trackingNumber: consignment.trackingNumber, reference: packet.booked_packet_order_id,
        weightGrams: Number(packet.booked_packet_weight), from: `${packet.shipment_name_eng}\n${packet.shipment_address}`,
        to: `${packet.consignment_name_eng}\n${packet.consignment_address}\n${cityName(packet.destination_city)}`, cod: cod > 0 ? `PKR ${cod}` : undefined,
      }));
    });

    leopards.register(async (api) => {
      api.addHook('preHandler', async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (body.api_key !== options.apiKey || body.api_password !== options.apiPassword) await reply.send(refuse('Invalid API Key or Password'));
      });
      api.post('/getAllCities/format/json/', async () => ({ status: 1, error: 0, city_list: CITIES }));
      api.post<{ Body: Packet }>('/bookPacket/format/json/', async (request) => {
        const missing = missingFields(request.body, REQUIRED);
        if (missing.length > 0) return refuse(missing.map((field) => `${field} is required`).join(', '));
        if (!cityName(request.body.destination_city)) return refuse('destination_city: invalid city id');
        const { trackingNumber } = consignments.book(request.body);
        return { status: 1, error: 0, track_number: trackingNumber, slip_link: `${options.origin}${LEOPARDS_SIMULATOR_PREFIX}/slip/${trackingNumber}` };
      });
      const packetsOf = (list: unknown) => String(list ?? '').split(',').map((cn) => consignments.find(cn.trim())).filter((one) => one !== undefined);
      api.post<{ Body: { track_numbers?: string } }>('/trackBookedPacket/format/json/', async (request) => ({
        status: 1, error: 0,
        packet_list: packetsOf(request.body.track_numbers).map((consignment) => ({
          track_number: consignment.trackingNumber,
          booked_packet_status: STATUS_TEXT[consignment.checkpoints[consignment.checkpoints.length - 1].stage],
          origin_city_name: cityName(sialkot), destination_city_name: cityName(consignment.booked.destination_city),
          'Tracking Detail': consignment.checkpoints.map(({ stage, at }) => ({
            Status: STATUS_TEXT[stage], Activity_datetime: at.toISOString(), Reason: '',
            Receiver_Name: stage === 'delivered' ? consignment.booked.consignment_name_eng : '',
          })),
        })),
      }));
      api.post<{ Body: { cn_numbers?: string } }>('/getPaymentDetails/format/json/', async (request) => ({
        status: 1, error: 0,
        payment_list: packetsOf(request.body.cn_numbers).map((consignment) => {
          const delivered = consignment.checkpoints.find((checkpoint) => checkpoint.stage === 'delivered');
          return {
            booked_packet_cn: consignment.trackingNumber,
            booked_packet_collect_amount: consignment.booked.booked_packet_collect_amount,
            payment_status: delivered ? 'Paid' : 'Pending',
            invoice_cheque_no: delivered ? `CHQ-${consignment.trackingNumber.slice(-6)}` : '',
            invoice_cheque_date: delivered ? delivered.at.toISOString().slice(0, 10) : '',
            payment_method: delivered ? 'Bank Transfer' : '',
          };
        }),
      }));
      api.post<{ Body: { cn_numbers?: string } }>('/cancelBookedPackets/format/json/', async (request) => {
        const packets = packetsOf(request.body.cn_numbers);
        if (packets.length === 0) return refuse('Invalid CN');
        if (packets.some((consignment) => consignment.checkpoints.length > 1)) return refuse('Packet already picked');
        for (const consignment of packets) consignment.cancelled = true;
        return { status: 1, error: 0 };
      });
    });
  }, { prefix: LEOPARDS_SIMULATOR_PREFIX });
}
