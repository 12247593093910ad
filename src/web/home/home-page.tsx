import { CategoryGrid } from './category-grid.tsx';
import { FlashSaleSection } from './flash-sale-section.tsx';
import { HeroBanner } from './hero-banner.tsx';
import { TrustSection } from './trust-section.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { homeMessages } from './messages.ts';

export function HomePage() {
  const t = useMessages(homeMessages);
  return (
    <>
      <title>{t.pageTitle}</title>
      <h1 className="sr-only">{t.heading}</h1>
      <HeroBanner />
      <CategoryGrid />
      <FlashSaleSection />
      <TrustSection />
    </>
  );
}
