import type { LoggerOptions } from 'pino';
import { PAYMENT_REDACT_PATHS } from './payment/log-redaction.ts';
import { requestForLog } from './lib/request-log.ts';

/** What the server's log leaves out: authorization headers, payment details, one-time tokens in URLs. */
export const LOGGER_OPTIONS = {
  redact: ['req.headers.authorization', ...PAYMENT_REDACT_PATHS],
  serializers: { req: requestForLog },
} satisfies LoggerOptions;
