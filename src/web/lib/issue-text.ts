import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { ISSUE_KEYS, type IssueKey, issueOf, type IssueLike, type IssueParams } from '#contracts/issues';
import { ApiError } from './api.ts';

/**
 * A field's problem as react-hook-form holds it: `type` is its message key (contracts/issues.ts), `types` its
 * parameters, `message` the English text it came with (all there is for the key `invalid`).
 */
export type IssueError = Pick<FieldError, 'type' | 'message' | 'types'>;

export function issueError(issue: IssueLike & { message: string }): IssueError {
  const { key, params } = issueOf(issue);
  return { type: key, message: issue.message, types: params as IssueError['types'] };
}

/** The first problem the server reported for each field of a refused call, by the same keys. */
export function serverIssueErrors(error: unknown): Record<string, IssueError> {
  if (!(error instanceof ApiError)) return {};
  const found: Record<string, IssueError> = {};
  for (const [field, [message]] of Object.entries(error.fieldErrors)) {
    if (!message) continue;
    const issue = error.fieldIssues[field]?.[0];
    found[field] = { type: issue?.key ?? 'invalid', message, types: issue?.params as IssueError['types'] };
  }
  return found;
}

const isTranslated = (key: string): key is Exclude<IssueKey, 'invalid'> => key !== 'invalid' && (ISSUE_KEYS as readonly string[]).includes(key);

/**
 * A field problem's text in the visitor's language, from its key and parameters, never from its English wording;
 * only a problem whose rule has no key yet (`invalid`, mostly on staff forms) shows the English it came with.
 */
export function useIssueText() {
  const { t } = useTranslation('validation');
  return (error: IssueError | undefined): string | undefined => {
    if (!error) return undefined;
    // eslint-disable-next-line no-restricted-syntax -- the only text of a rule without a message key (decision 0005)
    return isTranslated(error.type) ? t(error.type, (error.types ?? {}) as IssueParams) : error.message;
  };
}
