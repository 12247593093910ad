import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '#contracts/errors';
import type { IssueKey } from '#contracts/issues';
import { ApiError, type ErrorParamValues } from './api.ts';

/** The statuses with a text of their own (`status400`, ...); every 5xx shares one. */
const STATUSES = [400, 401, 403, 404, 409, 413, 422, 429] as const;

/** Status 0: no answer came (an upload cut off). */
const statusKey = (status: number) => (STATUSES.includes(status as (typeof STATUSES)[number])
  ? `status${status as (typeof STATUSES)[number]}` as const
  : status === 0 ? 'network' : status >= 500 ? 'status5xx' : 'unexpected');

/** A failure that has only its HTTP status to say (a route's error response, for one). */
const hasStatus = (error: unknown): error is { status: number } =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';

/** An error code's text with the values the server sent with it; a `reason` picks the text's variant. */
export function useCodeText() {
  const { t } = useTranslation('errors');
  return (code: ErrorCode, params: ErrorParamValues = {}): string =>
    t(code, { ...params, context: typeof params.reason === 'string' ? params.reason : undefined });
}

/**
 * What went wrong, in the visitor's language: the error code's text, else the first field problem that has a message
 * key, else a text for the HTTP status, or for being offline or unable to reach the shop. Never the server's English
 * (`error.message`), which the spec's clients read and people do not.
 */
export function useErrorText() {
  const { t } = useTranslation('errors');
  const { t: issueText } = useTranslation('validation');
  const codeText = useCodeText();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code) return codeText(error.code, error.params);
      // Each field's first problem, as forms show them; `invalid` has no text but the server's English.
      const issue = Object.values(error.fieldIssues).map(([first]) => first).find((first) => first && first.key !== 'invalid');
      return issue ? issueText(issue.key as Exclude<IssueKey, 'invalid'>, issue.params ?? {}) : t(statusKey(error.status));
    }
    if (hasStatus(error)) return t(statusKey(error.status));
    if (typeof navigator !== 'undefined' && !navigator.onLine) return t('offline');
    // fetch() rejects with a TypeError when no answer arrives at all.
    return t(error instanceof TypeError ? 'network' : 'unexpected');
  };
}
