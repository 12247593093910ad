import type { FastifyRequest } from 'fastify';

/** A URL fit for the logs: one-time tokens in the path (/verify-email/{token}/) or a token query are masked. */
export const urlForLog = (url: string): string =>
  url.replace(/(\/verify-email\/)(?!resend\b)[^/?#]+/, '$1[redacted]').replace(/([?&]token=)[^&#]*/g, '$1[redacted]');

/** Fastify's own request log fields, with the URL passed through urlForLog. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
