import type { ErrorBody } from '#contracts/errors';
import { HttpError } from '../lib/errors.ts';

export type AnswerBody = ErrorBody & Record<string, unknown>;

/** An expected failure whose body carries more than the common error fields (a transaction id, the current total). */
export class AnswerError extends HttpError {
  constructor(status: number, readonly body: AnswerBody) {
    super(status, body.detail, body.errors, body.code);
  }

  override toBody(): ErrorBody {
    return this.body;
  }
}
