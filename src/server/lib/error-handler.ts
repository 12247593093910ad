import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#contracts/errors';
import { issueOf, type Issue, type IssueLike } from '#contracts/issues';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { HttpError, TOO_MANY_ATTEMPTS, type FieldErrors } from './errors.ts';

const NON_FIELD = 'non_field_errors';

interface ValidationProblem {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Omit<IssueLike, 'code' | 'message'>;
}

/** Each field's English messages, and the same problems as keys with their parameters. */
function validationBody(validation: ValidationProblem[]): ErrorBody {
  const errors: FieldErrors = {};
  const issues: Record<string, Issue[]> = {};
  for (const problem of validation) {
    const field = problem.instancePath.replace(/^\//, '').replaceAll('/', '.') || NON_FIELD;
    const message = problem.message ?? 'Invalid value.';
    (errors[field] ??= []).push(message);
    (issues[field] ??= []).push(issueOf({ ...problem.params, code: problem.keyword, message }));
  }
  return { detail: 'Validation failed', errors, issues };
}

/**
 * One handler: validation → 400 with per-field lists (English, and as message keys); HttpError keeps its status;
 * a database that cannot be reached → 503 with Retry-After; anything else is a logged 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation as unknown as ValidationProblem[]));
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
