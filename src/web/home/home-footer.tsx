import { Link } from 'react-router';
import { Factory, MapPin } from 'lucide-react';
import { BrandLogo } from '../layout/brand-logo.tsx';
import { CERTIFICATIONS } from './certifications.ts';

const STATS = [
  { value: '500+', label: 'Medical facilities' },
  { value: '25+', label: 'Countries' },
  { value: '15+', label: 'Years' },
  { value: '99.9%', label: 'Quality rating' },
];

const LINK_GROUPS = [
  {
    title: 'Product categories',
    links: [
      { to: '/products?category=cardiology', label: 'Cardiology' },
      { to: '/products?category=neurosurgery', label: 'Neurosurgery' },
      { to: '/products?category=orthopedics', label: 'Orthopedics' },
      { to: '/products?category=general-surgery', label: 'General Surgery' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About us' },
      { to: '/contact', label: 'Contact' },
      { to: '/products', label: 'Products' },
      { to: '/categories', label: 'Categories' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/contact', label: 'Contact support' },
      { to: '/contact#shipping', label: 'Shipping information' },
      { to: '/contact#returns', label: 'Returns' },
      { to: '/orders', label: 'My Orders' },
    ],
  },
];

export function HomeFooter() {
  return (
    <footer className="on-dark bg-slate-950 text-slate-300">
      <div className="border-b border-white/10">
        <ul aria-label="Certifications" className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:px-6 md:grid-cols-4 lg:px-8">
          {CERTIFICATIONS.map(({ name, icon: Icon }) => (
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
              <dt className="text-sm text-slate-400">{stat.label}</dt>
              <dd className="order-first text-3xl font-bold text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>

        <div className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="col-span-2 md:col-span-3 lg:col-span-1">
            <Link to="/" aria-label="Sialkot Surgical home" className="inline-block rounded-md">
              <BrandLogo tone="light" />
            </Link>
            <p className="mt-4 max-w-sm text-sm">
              Precision surgical instruments and medical equipment for hospitals, clinics, distributors and surgeons
              worldwide.
            </p>
            <address className="mt-6 space-y-3 text-sm not-italic">
              <p className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
                <span>
                  <span className="font-semibold text-white">Head office</span> — Islamabad, Pakistan
                </span>
              </p>
              <p className="flex gap-2">
                <Factory aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
                <span>
                  <span className="font-semibold text-white">Manufacturing</span> — Sialkot, Pakistan
                </span>
              </p>
            </address>
          </div>
          {LINK_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{group.title}</h2>
              <ul className="mt-4 space-y-2.5 text-sm">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className="hover:text-white hover:underline">
                      {link.label}
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
          © {new Date().getFullYear()} Sialkot Surgical. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
