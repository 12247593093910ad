import { Link } from 'react-router';
import { Award, BadgeCheck, Factory, Globe2, HeartHandshake, Microscope, ShieldCheck, Users } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';

const FACTS = [
  { value: '2009', label: 'Founded' },
  { value: '500+', label: 'Medical facilities served' },
  { value: '25+', label: 'Countries' },
  { value: '1000+', label: 'Products' },
];

const VALUES = [
  { icon: Microscope, title: 'Precision', text: 'Every instrument is inspected by hand and under magnification before it leaves Sialkot.' },
  { icon: ShieldCheck, title: 'Patient safety', text: 'Traceable materials, validated processes and instructions for use that a sterile services team can follow.' },
  { icon: HeartHandshake, title: 'Honest partnership', text: 'Clear prices, realistic delivery dates and a person who answers when something goes wrong.' },
  { icon: Users, title: 'Craftsmanship', text: 'Skills passed down through generations of Sialkot instrument makers, backed by modern machining.' },
];

const CERTIFICATIONS = [
  { title: 'ISO 13485', text: 'Quality management system for the design and manufacture of medical devices.' },
  { title: 'CE Marked', text: 'Instruments conform to the European medical device requirements for their class.' },
  { title: 'FDA registered', text: 'Listed with the US Food and Drug Administration for export to the United States.' },
  { title: 'WHO listed', text: 'Supplier to procurement programmes that follow World Health Organization guidance.' },
];

export function AboutPage() {
  return (
    <div>
      <title>About Us — Sialkot Surgical</title>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">About us</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">Precision instruments from Sialkot since 2009</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            We make and supply surgical instruments and medical equipment to hospitals, clinics, distributors and
            surgeons in more than 25 countries, from our ISO 13485 certified workshops in Sialkot, Pakistan.
          </p>
          <dl className="mt-10 grid grid-cols-2 gap-6 sm:grid-cols-4">
            {FACTS.map((fact) => (
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
              Our story
            </h2>
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-brand-700">
              <Factory aria-hidden="true" className="h-4 w-4" /> Manufacturing in Sialkot, Pakistan
            </p>
          </div>
          <div className="space-y-4 text-slate-700">
            <p>
              Sialkot has made surgical instruments for more than a century, and today it supplies a large share of
              the world&apos;s hand-held surgical instruments. Sialkot Surgical was founded there in 2009 by a family of
              instrument makers who wanted to sell directly to the hospitals that use their work.
            </p>
            <p>
              From a single workshop forging scissors and forceps, we have grown into a manufacturer with more than
              1000 products across general surgery, cardiology, neurosurgery and orthopedics. Our instruments are in
              use in more than 500 medical facilities.
            </p>
            <p>
              Every instrument is forged from medical-grade stainless steel, heat treated, finished and inspected in
              Sialkot, then shipped from our distribution centre in Karachi. Our head office in Islamabad looks after
              hospital accounts, tenders and after-sales support.
            </p>
          </div>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Our values
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Icon aria-hidden="true" className="h-7 w-7 text-brand-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="certifications-heading">
          <h2 id="certifications-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Certifications
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {CERTIFICATIONS.map(({ title, text }) => (
              <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                {title === 'ISO 13485' ? (
                  <Award aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                ) : title === 'WHO listed' ? (
                  <Globe2 aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                ) : (
                  <BadgeCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                )}
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-8 lg:grid-cols-2">
          <section id="terms" aria-labelledby="terms-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="terms-heading" className="text-xl font-bold text-slate-900">
              Terms of sale
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
              <li>Prices are shown in US dollars and include no import duties or taxes of the destination country.</li>
              <li>An order is accepted when we confirm it by email; stock is reserved from that moment.</li>
              <li>Orders within Pakistan over $500 ship free. Delivery times are estimates, not guarantees.</li>
              <li>Unused instruments in their original sealed packaging may be returned within 30 days of delivery.</li>
              <li>
                Instruments carry a lifetime precision warranty against defects in material and workmanship when used
                and reprocessed as their instructions for use describe.
              </li>
              <li>Instruments are sold for use by trained medical professionals only.</li>
            </ul>
          </section>

          <section id="privacy" aria-labelledby="privacy-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="privacy-heading" className="text-xl font-bold text-slate-900">
              Privacy
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
              <li>We collect only what we need to run your account and deliver orders: name, contact and shipping details, and your order history.</li>
              <li>Passwords are stored only as one-way hashes; payment card details are handled by the payment provider and never stored by us.</li>
              <li>We use your details to process orders, answer enquiries and, if you agree, send product updates. We never sell them.</li>
              <li>We share details only with carriers and payment providers as needed to complete your order, or when the law requires it.</li>
              <li>You can ask us to see, correct or delete your data at any time through the contact page.</li>
            </ul>
          </section>
        </div>

        <section className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-bold text-slate-900">Equipping a hospital or clinic?</h2>
            <p className="mt-1 text-slate-600">Ask for volume pricing, extended payment terms and a dedicated account manager.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/contact?subject=pricing" className={buttonClasses()}>
              Request a Quote
            </Link>
            <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
              Browse Products
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
