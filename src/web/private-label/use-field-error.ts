import { useTranslation } from 'react-i18next';
import type { IssueKey } from '#contracts/issues';
import { ApiError } from '../lib/api.ts';

/**
 * A field's first problem from a failed call, in the visitor's language; `ownTexts` names the text for fields whose
 * problem has no key of its own (by the field's last name: 'variant_id').
 */
export function useFieldError(error: unknown, ownTexts: Record<string, string> = {}) {
  const { t } = useTranslation('validation');
  return (field: string): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const issue = error.fieldIssues[field]?.[0];
    if (!issue) return error.fieldErrors[field]?.[0] && (ownTexts[field.split('.').at(-1)!] ?? error.fieldErrors[field][0]);
    if (issue.key === 'invalid') return ownTexts[field.split('.').at(-1)!] ?? error.fieldErrors[field]?.[0];
    return t(issue.key as Exclude<IssueKey, 'invalid'>, issue.params ?? {});
  };
}
