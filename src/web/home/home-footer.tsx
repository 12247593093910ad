import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Factory, MapPin } from 'lucide-react';
import { HomeLink } from '../layout/brand-logo.tsx';
import { certifications } from './certifications.ts';
import { useFormat } from '../i18n/use-format.ts';
import { CLEAR_FLOATING } from '../layout/bottom-bar.ts';

const STATS = [
  { value: 500, suffix: '+', label: 'statFacilities' },
  { value: 25, suffix: '+', label: 'statCountries' },
  { value: 15, suffix: '+', label: 'statYears' },
  { value: 99.9, suffix: '%', label: 'statQuality' },
] as const;

const LINK_GROUPS = [
  {
    title: 'productCategories',
    links: [
      { to: '/products?category=cardiology', label: 'cardiology' },
      { to: '/products?category=neurosurgery', label: 'neurosurgery' },
      { to: '/products?category=orthopedics', label: 'orthopedics' },
      { to: '/products?category=general-surgery', label: 'generalSurgery' },
    ],
  },
  {
    title: 'company',
    links: [
      { to: '/about', label: 'aboutUs' },
      { to: '/contact', label: 'contact' },
      { to: '/products', label: 'products' },
      { to: '/categories', label: 'categories' },
    ],
  },
  {
    title: 'support',
    links: [
      { to: '/contact', label: 'contactSupport' },
      { to: '/contact#shipping', label: 'shippingInformation' },
      { to: '/contact#returns', label: 'returns' },
      { to: '/orders', label: 'myOrders' },
    ],
  },
] as const;

export function HomeFooter() {
  const { t } = useTranslation('home');
  const f = useFormat();
  return (
    <footer className={`on-dark bg-slate-950 text-slate-300 ${CLEAR_FLOATING}`}>
      <div className="border-b border-white/10">
        <ul aria-label={t('certifications')} className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:px-6 md:grid-cols-4 lg:px-8">
          {certifications(t).map(({ name, icon: Icon }) => (
            <li key={name} className="flex items-center gap-3 rounded-lg bg-white/5 px-4 py-3 ring-1 ring-white/10">
              <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-300" />
              <span className="text-sm font-semibold text-white">{name}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col">
              <dt className="text-sm text-slate-400">{t(stat.label)}</dt>
              <dd className="order-first text-3xl font-bold text-white">{f.number(stat.value)}{stat.suffix}</dd>
            </div>
          ))}
        </dl>

        <div className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="col-span-2 md:col-span-3 lg:col-span-1">
            <HomeLink tone="light" className="inline-block" />
            <p className="mt-4 max-w-sm text-sm">
              {t('footerBlurb')}
            </p>
            <address className="mt-6 space-y-3 text-sm not-italic">
              <p className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
                <span>
                  <span className="font-semibold text-white">{t('headOffice')}</span> — {t('headOfficePlace')}
                </span>
              </p>
              <p className="flex gap-2">
                <Factory aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
                <span>
                  <span className="font-semibold text-white">{t('manufacturing')}</span> — {t('manufacturingPlace')}
                </span>
              </p>
            </address>
          </div>
          {LINK_GROUPS.map((group) => (
            <nav key={group.title} aria-label={t(group.title)}>
              <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{t(group.title)}</h2>
              <ul className="mt-4 space-y-2.5 text-sm">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className="hover:text-white hover:underline">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>

      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {t('rights', { year: f.number(new Date().getFullYear(), { useGrouping: false }) })}
        </p>
      </div>
    </footer>
  );
}
