import type { Contract, ErrorCodeOf } from '#contracts/define';
import type { ErrorBody, ErrorCode, ParamsOf } from '#contracts/errors';
import { issueOf, type Issue } from '#contracts/issues';

export type FieldErrors = Record<string, string[]>;
export type ErrorParamValues = Record<string, string | number>;

/** The routes a failure is answered on: one contract, or every contract whose route reaches the raising service. */
export type RaisedBy = Contract | readonly Contract[];

/** An expected failure with the status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly code?: ErrorCode,
    readonly params?: ErrorParamValues,
  ) {
    super(detail);
  }

  toBody(): ErrorBody {
    return {
      detail: this.detail,
      ...(this.code ? { code: this.code } : {}),
      ...(this.params ? { params: this.params } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      // A 400's field problems also go as message keys; other statuses keep the body the spec shows.
      ...(this.errors && this.status === 400 ? { issues: fieldIssues(this.errors) } : {}),
    };
  }
}

/** Each field's messages as keys with their parameters, in the same order. */
export const fieldIssues = (errors: FieldErrors): Record<string, Issue[]> =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((text) => issueOf({ message: text }))]));

/** After the detail: the code's params when its text needs any (ErrorParams), then any field errors. */
export type ErrorExtras<Code extends ErrorCode> = [ParamsOf<Code>] extends [never]
  ? [params?: undefined, errors?: FieldErrors]
  : [params: ParamsOf<Code>, errors?: FieldErrors];

/**
 * A failure with an error code, which every contract in `raisedBy` must declare: an undeclared (or renamed) code does
 * not compile, nor does a code without the params its text needs.
 * `throw apiError(addCartItem, 'QUANTITY_LIMIT', 409, detail, { max })`.
 */
export function apiError<const R extends RaisedBy, const Code extends ErrorCodeOf<R>>(
  raisedBy: R, code: Code, status: number, detail: string, ...[params, errors]: ErrorExtras<Code>
): HttpError {
  return new HttpError(status, detail, errors, declaredCode(raisedBy, code), params as ErrorParamValues | undefined);
}

/** The code for an answer body built by hand (one that carries more than the common fields), checked the same way. */
export const declaredCode = <const R extends RaisedBy>(_raisedBy: R, code: ErrorCodeOf<R>): ErrorCode => code;

export const badRequest = (errors: FieldErrors, detail = 'Validation failed') => new HttpError(400, detail, errors);
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const tooManyRequests = () => new HttpError(429, TOO_MANY_ATTEMPTS);
