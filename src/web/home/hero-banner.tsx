import { useTranslation } from 'react-i18next';
import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRight, CheckCircle2, FileText, Pause, Play, ShieldCheck } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion.ts';
import { HERO_INTERVAL_MS, nextSlideIndex } from './hero-rotation.ts';
import { heroSlides, type HeroSlide } from './hero-slides.ts';
import { useFreeShippingThreshold } from '../shipping/free-shipping.api.ts';
import { useFormat } from '../i18n/use-format.ts';

const COUNTS = [
  { value: 1000, label: 'countProducts' },
  { value: 500, label: 'countHospitals' },
  { value: 25, label: 'countCountries' },
] as const;

export function HeroBanner({ slides: given }: { slides?: HeroSlide[] }) {
  const { t } = useTranslation('home');
  const f = useFormat();
  const freeOver = useFreeShippingThreshold();
  const slides = given ?? heroSlides(t, freeOver === null ? '' : f.price(freeOver));
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !hovered && !focused && !stopped && !reducedMotion && slides.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current) => nextSlideIndex(current, slides.length)), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, slides.length]);

  const slide = slides[index];
  const SlideIcon = slide.icon;

  function leaveFocus(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('featured')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
      className="on-dark relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700" />
      <svg aria-hidden="true" className="absolute inset-0 -z-10 h-full w-full opacity-[0.07]">
        <defs>
          <pattern id="hero-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0v32" fill="none" stroke="#fff" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>
      <div aria-hidden="true" className="absolute -top-24 -end-24 -z-10 h-96 w-96 rounded-full bg-brand-400/20 blur-3xl" />

      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-12 pb-20 sm:px-6 lg:grid-cols-[1.4fr_1fr] lg:gap-14 lg:px-8 lg:pt-14 lg:pb-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-white ring-1 ring-white/25">
            <ShieldCheck aria-hidden="true" className="h-4 w-4 text-emerald-300" />
            {t('certifiedManufacturer')}
          </p>

          {/* Every slide occupies the same grid cell, so the block keeps the tallest slide's height and nothing below jumps. */}
          <div aria-live={rotating ? 'off' : 'polite'} className="mt-6 grid">
            {slides.map((item, slideIndex) => (
              <div
                key={item.title}
                role="group"
                aria-roledescription="slide"
                aria-label={t('slideOf', { n: slideIndex + 1, total: slides.length })}
                aria-hidden={slideIndex !== index}
                className={cx(
                  '[grid-area:1/1] transition-opacity duration-500 motion-reduce:transition-none',
                  slideIndex === index ? 'opacity-100' : 'invisible opacity-0',
                )}
              >
                <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">{item.eyebrow}</p>
                <h2 className="mt-3 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
                  {item.title}
                </h2>
                <p className="mt-4 max-w-xl text-base text-brand-100 sm:text-lg">{item.text}</p>
              </div>
            ))}
          </div>

          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={slide.cta.to} className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
              {slide.cta.label} <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
            </Link>
            <Link to="/quotes/new" className={buttonClasses({ variant: 'inverse-outline', size: 'lg' })}>
              <FileText aria-hidden="true" className="h-4 w-4" /> {t('requestQuote')}
            </Link>
          </div>

          <dl className="mt-10 grid max-w-md grid-cols-3 gap-4 border-t border-white/15 pt-6">
            {COUNTS.map((count) => (
              <div key={count.label} className="flex flex-col">
                <dt className="text-sm text-brand-200">{t(count.label)}</dt>
                <dd className="order-first text-2xl font-bold sm:text-3xl">{f.number(count.value)}+</dd>
              </div>
            ))}
          </dl>
        </div>

        <div aria-hidden="true" className="hidden lg:block">
          <div key={index} className="animate-fade-in rounded-2xl bg-white/10 p-8 ring-1 ring-white/20 backdrop-blur motion-reduce:animate-none">
            <span className="flex h-20 w-20 items-center justify-center rounded-2xl bg-white text-brand-800 shadow-lg">
              <SlideIcon className="h-10 w-10" />
            </span>
            <ul className="mt-8 space-y-4">
              {slide.highlights.map((highlight) => (
                <li key={highlight} className="flex items-center gap-3 text-lg text-white">
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-300" />
                  {highlight}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-5">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <div className="flex items-center gap-1">
            {slides.map((item, slideIndex) => (
              <button
                key={item.title}
                type="button"
                aria-label={t('showSlide', { n: slideIndex + 1, total: slides.length, title: item.title })}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => setIndex(slideIndex)}
                className="group flex h-6 items-center px-1"
              >
                <span
                  className={cx(
                    'block h-1.5 rounded-full transition-all',
                    slideIndex === index ? 'w-8 bg-white' : 'w-4 bg-white/40 group-hover:bg-white/70',
                  )}
                />
              </button>
            ))}
          </div>
          {!reducedMotion && (
            <button
              type="button"
              aria-label={stopped ? t('resumeSlideshow') : t('pauseSlideshow')}
              onClick={() => setStopped((value) => !value)}
              className="flex h-8 w-8 items-center justify-center rounded-full text-white/80 hover:bg-white/10 hover:text-white"
            >
              {stopped ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
