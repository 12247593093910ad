import { useTranslation } from 'react-i18next';
import { PageMeta } from '../seo/page-meta.tsx';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Clock, MapPin, RotateCcw, ShieldCheck } from 'lucide-react';
import { ContactForm, readPrefill } from './contact-form.tsx';
import { useFreeShippingThreshold } from '../shipping/free-shipping.api.ts';
import { useFormat } from '../i18n/use-format.ts';
import { BUSINESS_HOURS, CHANNELS, LOCATIONS, SHIPPING } from './contact-details.ts';

const SECTION = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

export function ContactPage() {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const prefill = useMemo(() => readPrefill(new URLSearchParams(search)), [search]);
  const { t } = useTranslation('contact');
  const f = useFormat();
  const freeOver = useFreeShippingThreshold();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageMeta title={t('pageTitle')} description={t('intro')} pathname="/contact" />
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('heading')}</h1>
        <p className="mt-3 text-slate-600">{t('intro')}</p>
      </div>

      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {CHANNELS.map(({ icon: Icon, title, value, href, note }) => (
          <li key={title}>
            <a href={href} className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{t(title)}</span>
                <span dir="ltr" className="block truncate text-start text-sm font-medium text-brand-700">{value}</span>
                <span className="mt-1 block text-xs text-slate-500">{t(note)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="form-heading" className={SECTION}>
          <h2 id="form-heading" className="text-xl font-bold text-slate-900">
            {t('formHeading')}
          </h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">{t('requiredNote')}</p>
          <ContactForm key={search} prefill={prefill} />
        </section>

        <div className="space-y-8">
          <section aria-labelledby="locations-heading" className={SECTION}>
            <h2 id="locations-heading" className="text-lg font-bold text-slate-900">
              {t('locationsHeading')}
            </h2>
            <ul className="mt-4 space-y-4">
              {LOCATIONS.map(({ icon: Icon, title, city, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  <div>
                    <p className="font-semibold text-slate-900">{t(title)}</p>
                    <p className="flex items-center gap-1 text-sm text-slate-700">
                      <MapPin aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" /> {t(city)}
                    </p>
                    <p className="text-sm text-slate-500">{t(text)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="hours-heading" className={SECTION}>
            <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('hoursHeading')}
            </h2>
            <dl className="mt-4 divide-y divide-slate-100 text-sm">
              {BUSINESS_HOURS.map(({ days, hours }) => (
                <div key={days} className="flex justify-between py-2">
                  <dt className="text-slate-600">{t(days)}</dt>
                  <dd className={hours === 'closed' ? 'font-semibold text-slate-500' : 'font-semibold text-slate-900'}>{t(hours)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-slate-500">{t('timeZone')}</p>
          </section>
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section id="shipping" aria-labelledby="shipping-heading" className={SECTION}>
          <h2 id="shipping-heading" className="text-lg font-bold text-slate-900">
            {t('shippingHeading')}
          </h2>
          <ul className="mt-4 space-y-3">
            {SHIPPING.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 text-sm">
                <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                <p>
                  <span className="font-semibold text-slate-900">{t(title)}:</span> <span className="text-slate-700">{t(text, { amount: freeOver === null ? '' : f.price(freeOver) })}</span>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">{t('shippingNote')}</p>
        </section>

        <section id="returns" aria-labelledby="returns-heading" className={SECTION}>
          <h2 id="returns-heading" className="text-lg font-bold text-slate-900">
            {t('returnsHeading')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-700">
            <li className="flex gap-3">
              <RotateCcw aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              <p>
                <span className="font-semibold text-slate-900">{t('returnsTitle')}</span> {t('returnsText')}
              </p>
            </li>
            <li className="flex gap-3">
              <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              <p>
                <span className="font-semibold text-slate-900">{t('warrantyTitle')}</span> {t('warrantyText')}
              </p>
            </li>
          </ul>
          <p className="mt-4 text-sm text-slate-600">{t('usedNote')}</p>
        </section>
      </div>
    </div>
  );
}
