import { serverIssueErrors, useIssueText } from '../lib/issue-text.ts';
import { errorSummary } from './field-errors.ts';

/** What went wrong, in one line: the first field problem in the visitor's language, else the server's message, else `fallback`. */
export function useFailureSummary() {
  const issueText = useIssueText();
  return (error: unknown, fallback: string): string => issueText(Object.values(serverIssueErrors(error))[0]) ?? errorSummary(error, fallback);
}
