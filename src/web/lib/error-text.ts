import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '#contracts/errors';
import { ApiError, type ErrorParamValues } from './api.ts';
import { serverIssueErrors, useIssueText } from './issue-text.ts';

const STATUS_TEXTS = {
  400: 'status400',
  401: 'status401',
  403: 'status403',
  404: 'status404',
  409: 'status409',
  413: 'status413',
  422: 'status422',
  429: 'status429',
} as const;

/** Status 0: no answer came (an upload cut off). */
const statusKey = (status: number) =>
  STATUS_TEXTS[status as keyof typeof STATUS_TEXTS] ?? (status === 0 ? 'network' : status >= 500 ? 'status5xx' : 'unexpected');

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
  const codeText = useCodeText();
  const issueText = useIssueText();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code) return codeText(error.code, error.params);
      const issue = Object.values(serverIssueErrors(error)).find((found) => found.type !== 'invalid');
      return issueText(issue) ?? t(statusKey(error.status));
    }
    if (hasStatus(error)) return t(statusKey(error.status));
    if (typeof navigator !== 'undefined' && !navigator.onLine) return t('offline');
    // fetch() rejects with a TypeError when no answer arrives at all.
    return t(error instanceof TypeError ? 'network' : 'unexpected');
  };
}
