import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#contracts/errors';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { HttpError, TOO_MANY_ATTEMPTS, type FieldErrors } from './errors.ts';

const NON_FIELD = 'non_field_errors';

function fieldErrorsOf(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || NON_FIELD;
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

/**
 * One handler: validation → 400 with per-field lists; HttpError keeps its status; a database that cannot be reached
 * → 503 with Retry-After; anything else is a logged 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = { detail: 'Validation failed', errors: fieldErrorsOf(error) };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: TOO_MANY_ATTEMPTS } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
      return reply.status(status).send({ detail: error.message } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5')
        .send({ detail: 'The shop is briefly unavailable. Please try again in a moment.' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Internal server error.' } satisfies ErrorBody);
  });
}
