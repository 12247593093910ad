import type { ErrorBody } from '#contracts/errors';

export type FieldErrors = Record<string, string[]>;

/** An expected failure with the status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly code?: string,
  ) {
    super(detail);
  }

  toBody(): ErrorBody {
    return { detail: this.detail, ...(this.code ? { code: this.code } : {}), ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const badRequest = (errors: FieldErrors, detail = 'Validation failed') => new HttpError(400, detail, errors);
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const conflict = (detail: string, code?: string) => new HttpError(409, detail, undefined, code);
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const tooManyRequests = () => new HttpError(429, TOO_MANY_ATTEMPTS);
