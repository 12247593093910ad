import { callGateway, GatewayAnswerError, type Fetch } from '../../payment/gateways/gateway-http.ts';
import { CarrierError, type CarrierId } from './carrier.ts';

export interface CarrierConnection {
  baseUrl: string;
  fetch?: Fetch;
  timeoutMs?: number;
}

export interface CarrierRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  json?: unknown;
}

/** One JSON call to a carrier's API; an answer that is no 2xx JSON object is a CarrierError. */
export async function callCarrier(carrier: CarrierId, connection: CarrierConnection, path: string, request: CarrierRequest): Promise<Record<string, unknown>> {
  try {
    return await callGateway(connection.fetch ?? fetch, connection.baseUrl + path, {
      ...request, method: request.method as 'POST', timeoutMs: connection.timeoutMs ?? 30_000,
    });
  } catch (error) {
    if (error instanceof GatewayAnswerError) throw new CarrierError(carrier, error.message);
    throw error;
  }
}

/** A label or airway bill the carrier serves as a PDF document. */
export async function fetchPdf(carrier: CarrierId, connection: CarrierConnection, url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await (connection.fetch ?? fetch)(url, { headers: { accept: 'application/pdf', ...headers }, signal: AbortSignal.timeout(connection.timeoutMs ?? 30_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new CarrierError(carrier, `${new URL(url).pathname}: HTTP ${response.status}`);
  return pdfBytes(carrier, bytes);
}

export function pdfBytes(carrier: CarrierId, bytes: Buffer): Buffer {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CarrierError(carrier, 'the label is not a PDF document');
  return bytes;
}

/** A field of a carrier's answer that must be a non-empty string. */
export function requiredText(carrier: CarrierId, value: unknown, field: string): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new CarrierError(carrier, `the answer has no ${field}`);
}

export const asRecords = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
