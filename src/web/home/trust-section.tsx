import { RotateCcw, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';
import { CERTIFICATIONS } from './certifications.ts';
import { SectionHeading } from './section-heading.tsx';

const PROMISES: Array<{ title: string; text: string; icon: LucideIcon }> = [
  { title: 'Free shipping over $500', text: 'On orders within Pakistan. Express 1–2 day delivery in major cities.', icon: Truck },
  { title: '30-day returns', text: 'Not the right pattern or size? Return unused instruments within 30 days.', icon: RotateCcw },
  { title: 'Lifetime precision warranty', text: 'Every instrument is guaranteed against defects in material and workmanship.', icon: ShieldCheck },
];

export function TrustSection() {
  return (
    <section aria-labelledby="trust-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <SectionHeading
        id="trust-heading"
        eyebrow="Why choose us"
        title="Quality healthcare professionals rely on"
        text="Certified processes, full traceability and service that stands behind every instrument we make."
      />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CERTIFICATIONS.map(({ name, detail, icon: Icon }) => (
          <li key={name}>
            <Card className="h-full p-6">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{name === 'ISO 13485' ? 'ISO 13485 certified' : name}</h3>
              <p className="mt-1 text-sm text-slate-600">{detail}</p>
            </Card>
          </li>
        ))}
      </ul>
      <ul className="mt-5 grid gap-5 rounded-xl bg-brand-900 p-6 text-white sm:p-8 md:grid-cols-3">
        {PROMISES.map(({ title, text, icon: Icon }) => (
          <li key={title} className="flex gap-4">
            <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-300" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-brand-100">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
