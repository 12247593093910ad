import { useTranslation } from 'react-i18next';

/** Between a page's own name and the shop's name in every document title. */
export const TITLE_SEPARATOR = ' — ';

/** The document title of a page: its own name, then the shop's, always with the same separator. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation('layout');
  return <title>{`${children}${TITLE_SEPARATOR}${t('brandName')}`}</title>;
}
