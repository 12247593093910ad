import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RotateCcw, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';
import { certifications } from './certifications.ts';
import { SectionHeading } from './section-heading.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useFreeShippingThreshold } from '../shipping/free-shipping.api.ts';

/** The free-shipping promise is made once the server says from what subtotal (and only if the standard method is ever free). */
const PROMISES: Array<{ title: (t: TFunction<'home'>, freeOver: string | null) => string | null; text: 'freeShippingText' | 'returnsText' | 'warrantyText'; icon: LucideIcon }> = [
  { title: (t, freeOver) => (freeOver === null ? null : t('freeShippingOver', { amount: freeOver })), text: 'freeShippingText', icon: Truck },
  { title: (t) => t('returnsTitle'), text: 'returnsText', icon: RotateCcw },
  { title: (t) => t('warrantyTitle'), text: 'warrantyText', icon: ShieldCheck },
];

export function TrustSection() {
  const { t } = useTranslation('home');
  const f = useFormat();
  const freeOver = useFreeShippingThreshold();
  const shown = PROMISES.flatMap((promise) => {
    const title = promise.title(t, freeOver === null ? null : f.price(freeOver));
    return title === null ? [] : [{ ...promise, title }];
  });
  return (
    <section aria-labelledby="trust-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <SectionHeading
        id="trust-heading"
        eyebrow={t('whyChooseUs')}
        title={t('trustTitle')}
        text={t('trustText')}
      />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {certifications(t).map(({ name, detail, icon: Icon }, index) => (
          <li key={name}>
            <Card className="h-full p-6">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{index === 0 ? t('isoCertified') : name}</h3>
              <p className="mt-1 text-sm text-slate-600">{detail}</p>
            </Card>
          </li>
        ))}
      </ul>
      <ul className="mt-5 grid gap-5 rounded-xl bg-brand-900 p-6 text-white sm:p-8 md:grid-cols-3">
        {shown.map(({ title, text, icon: Icon }) => (
          <li key={text} className="flex gap-4">
            <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-300" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-brand-100">{t(text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
