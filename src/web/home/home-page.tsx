import { useTranslation } from 'react-i18next';
import { CategoryGrid } from './category-grid.tsx';
import { FlashSaleSection } from './flash-sale-section.tsx';
import { HeroBanner } from './hero-banner.tsx';
import { TrustSection } from './trust-section.tsx';
import { SetupNotice } from '../staff-members/setup-notice.tsx';

export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <title>{t('pageTitle')}</title>
      <h1 className="sr-only">{t('heading')}</h1>
      <SetupNotice />
      <HeroBanner />
      <CategoryGrid />
      <FlashSaleSection />
      <TrustSection />
    </>
  );
}
