import { CategoryGrid } from './category-grid.tsx';
import { FlashSaleSection } from './flash-sale-section.tsx';
import { HeroBanner } from './hero-banner.tsx';
import { TrustSection } from './trust-section.tsx';

export function HomePage() {
  return (
    <>
      <title>Sialkot Surgical — Surgical Instruments &amp; Medical Equipment</title>
      <h1 className="sr-only">Sialkot Surgical: surgical instruments and medical equipment</h1>
      <HeroBanner />
      <CategoryGrid />
      <FlashSaleSection />
      <TrustSection />
    </>
  );
}
