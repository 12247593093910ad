import { ApiError } from '../lib/api.ts';

export type FieldErrors = Record<string, string>;

/** Some servers put the field map in `detail` as a JSON string; read it when that is all there is. */
function detailFieldErrors(message: string): Record<string, unknown> {
  if (!message.trimStart().startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(message);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The first message for each field of a failed call. */
export function firstFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const lists = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : detailFieldErrors(error.message);
  const first: FieldErrors = {};
  for (const [field, messages] of Object.entries(lists)) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (typeof message === 'string' && message) first[field] = message;
  }
  return first;
}

/** What went wrong, in one line: the first field error, else the server's message, else `fallback`. */
export function errorSummary(error: unknown, fallback: string): string {
  const [firstField] = Object.values(firstFieldErrors(error));
  if (firstField) return firstField;
  return error instanceof ApiError && error.message ? error.message : fallback;
}
