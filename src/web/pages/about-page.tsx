import { useTranslation } from 'react-i18next';
import { PageMeta } from '../seo/page-meta.tsx';
import { Link } from 'react-router';
import { Award, BadgeCheck, Factory, Globe2, HeartHandshake, Microscope, ShieldCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import type { TextKey as AnyTextKey } from '../i18n/text-key.ts';
import { useFormat } from '../i18n/use-format.ts';

type TextKey = AnyTextKey<'pages'>;

const FOUNDED = 2009;
const COUNTRIES = 25;
const FACILITIES = 500;
const PRODUCTS = 1000;

const VALUES: Array<{ icon: LucideIcon; title: TextKey; text: TextKey }> = [
  { icon: Microscope, title: 'precision', text: 'precisionText' },
  { icon: ShieldCheck, title: 'safety', text: 'safetyText' },
  { icon: HeartHandshake, title: 'partnership', text: 'partnershipText' },
  { icon: Users, title: 'craft', text: 'craftText' },
];

const CERTIFICATIONS: Array<{ icon: LucideIcon; title: TextKey; text: TextKey }> = [
  { icon: Award, title: 'iso', text: 'isoText' },
  { icon: BadgeCheck, title: 'ce', text: 'ceText' },
  { icon: BadgeCheck, title: 'fda', text: 'fdaText' },
  { icon: Globe2, title: 'who', text: 'whoText' },
];

const TERMS: TextKey[] = ['terms1', 'terms2', 'terms3', 'terms4', 'terms5', 'terms6'];
const PRIVACY: TextKey[] = ['privacy1', 'privacy2', 'privacy3', 'privacy4', 'privacy5'];

export function AboutPage() {
  const { t } = useTranslation('pages');
  const f = useFormat();
  const year = f.number(FOUNDED, { useGrouping: false });
  const facts = [
    { value: year, label: t('founded') },
    { value: t('atLeast', { n: f.number(FACILITIES) }), label: t('facilities') },
    { value: t('atLeast', { n: f.number(COUNTRIES) }), label: t('countries') },
    { value: t('atLeast', { n: f.number(PRODUCTS, { useGrouping: false }) }), label: t('products') },
  ];
  return (
    <div>
      <PageMeta title={t('pageTitle')} description={t('intro', { countries: f.number(COUNTRIES) })} pathname="/about" />
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">{t('eyebrow')}</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('heading', { year })}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('intro', { countries: f.number(COUNTRIES) })}</p>
          <dl className="mt-10 grid grid-cols-2 gap-6 sm:grid-cols-4">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col rounded-xl bg-white/10 p-4 ring-1 ring-white/15">
                <dt className="text-sm text-brand-100">{fact.label}</dt>
                <dd className="order-first text-3xl font-bold">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-16 px-4 py-14 sm:px-6 lg:px-8">
        <section aria-labelledby="story-heading" className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <div>
            <h2 id="story-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('storyHeading')}
            </h2>
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-brand-700">
              <Factory aria-hidden="true" className="h-4 w-4" /> {t('storyPlace')}
            </p>
          </div>
          <div className="space-y-4 text-slate-700">
            <p>{t('story1', { year })}</p>
            <p>{t('story2', { products: f.number(PRODUCTS, { useGrouping: false }), facilities: f.number(FACILITIES) })}</p>
            <p>{t('story3')}</p>
          </div>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('valuesHeading')}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Icon aria-hidden="true" className="h-7 w-7 text-brand-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{t(title)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="certifications-heading">
          <h2 id="certifications-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('certificationsHeading')}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {CERTIFICATIONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">{t(title)}</h3>
                  <p className="mt-1 text-sm text-slate-600">{t(text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-8 lg:grid-cols-2">
          <section id="terms" aria-labelledby="terms-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="terms-heading" className="text-xl font-bold text-slate-900">
              {t('termsHeading')}
            </h2>
            <ul className="mt-4 list-disc space-y-2 ps-5 text-sm text-slate-700">
              {TERMS.map((key) => <li key={key}>{t(key)}</li>)}
            </ul>
          </section>

          <section id="privacy" aria-labelledby="privacy-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="privacy-heading" className="text-xl font-bold text-slate-900">
              {t('privacyHeading')}
            </h2>
            <ul className="mt-4 list-disc space-y-2 ps-5 text-sm text-slate-700">
              {PRIVACY.map((key) => <li key={key}>{t(key)}</li>)}
            </ul>
          </section>
        </div>

        <section className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-bold text-slate-900">{t('ctaHeading')}</h2>
            <p className="mt-1 text-slate-600">{t('ctaText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/quotes/new" className={buttonClasses()}>
              {t('requestQuote')}
            </Link>
            <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
              {t('browseProducts')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
