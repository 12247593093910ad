import { useTranslation } from 'react-i18next';
import { IMPORT_PROBLEM_KEYS, type ImportProblem, type ImportProblemKey } from '#contracts/product-import';
import type { IssueParams } from '#contracts/issues';
import { useIssueText, type IssueError } from '../lib/issue-text.ts';

const isImportKey = (key: string): key is ImportProblemKey => (IMPORT_PROBLEM_KEYS as readonly string[]).includes(key);

/** A value from the file (a host, a barcode) keeps its own direction inside a right-to-left sentence. */
const isolated = (params: IssueParams): IssueParams =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? `\u2068${value}\u2069` : value]));

/** An import problem's text in the reader's language, from its key and values; `invalid` shows the server's English. */
export function useImportProblemText() {
  const { t, i18n } = useTranslation(['product-import', 'validation']);
  const issueText = useIssueText();
  return (problem: ImportProblem): string => {
    const params = i18n.dir() === 'rtl' ? isolated(problem.params ?? {}) : problem.params ?? {};
    if (isImportKey(problem.key)) return t(`problem.${problem.key}`, params);
    const issue: IssueError = { type: problem.key, message: problem.message, types: params as IssueError['types'] };
    return issueText(issue) ?? problem.message;
  };
}
