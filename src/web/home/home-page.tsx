import { useTranslation } from 'react-i18next';
import { CategoryGrid } from './category-grid.tsx';
import { FlashSaleSection } from './flash-sale-section.tsx';
import { HeroBanner } from './hero-banner.tsx';
import { TrustSection } from './trust-section.tsx';
import { SetupNotice } from '../staff-members/setup-notice.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { PageMeta } from '../seo/page-meta.tsx';
import { useSiteOrigin } from '../seo/site.ts';
import { organization, website } from '../seo/structured-data.ts';

export function HomePage() {
  const { t } = useTranslation('home');
  const { t: layout } = useTranslation('layout');
  const origin = useSiteOrigin();
  return (
    <>
      <PageMeta title={t('pageTitle')} description={t('pageDescription')} pathname="/" />
      <JsonLd data={[organization(origin, layout('brandName')), website(origin, layout('brandName'))]} />
      <h1 className="sr-only">{t('heading')}</h1>
      <SetupNotice />
      <HeroBanner />
      <CategoryGrid />
      <FlashSaleSection />
      <TrustSection />
    </>
  );
}
