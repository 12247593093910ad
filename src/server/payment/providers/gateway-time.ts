/** yyyyMMddHHmmss in Pakistan time (UTC+5, no daylight saving), as the Pakistani gateways expect. */
export function gatewayTimestamp(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
