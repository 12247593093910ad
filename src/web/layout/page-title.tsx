import { useMessages } from '../i18n/define-messages.ts';
import { messages } from './messages.ts';

/** Between a page's own name and the shop's name in every document title. */
export const TITLE_SEPARATOR = ' — ';

/** The document title of a page: its own name, then the shop's, always with the same separator. */
export function PageTitle({ children }: { children: string }) {
  const t = useMessages(messages);
  return <title>{`${children}${TITLE_SEPARATOR}${t.brandName}`}</title>;
}
