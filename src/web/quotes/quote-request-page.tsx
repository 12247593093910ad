import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Building2, MailCheck } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { productQuery } from '../catalog/catalog.api.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { QuoteRequestForm } from './quote-request-form.tsx';

/** The contact form's pricing enquiry, for accounts that cannot request quotes online. */
const contactHref = (slug: string | null, quantity: string | null) =>
  `/contact?${new URLSearchParams({ subject: 'pricing', ...(slug ? { product: slug } : {}), ...(quantity ? { quantity } : {}) })}`;

function Notice({ icon: Icon, title, text, action }: { icon: typeof Building2; title: string; text: string; action?: ReactNode }) {
  return (
    <Card className="mt-6 p-6 text-center sm:p-8">
      <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
      <h2 className="mt-3 text-lg font-bold text-slate-900">{title}</h2>
      <p className="mx-auto mt-1 max-w-xl text-sm text-slate-600">{text}</p>
      {action && <div className="mt-5">{action}</div>}
    </Card>
  );
}

/**
 * /quotes/new?product={slug}&quantity={n}&variant={id}: business buyers ask for prices; the product page prefills one
 * line, with the size chosen there.
 */
export function QuoteRequestPage() {
  const { t } = useTranslation('quotes');
  const { user } = useCurrentUser();
  const [search] = useSearchParams();
  const slug = search.get('product');
  const quantity = Math.max(1, Math.floor(Number(search.get('quantity')) || 1));
  const variantId = Number(search.get('variant')) || undefined;
  const prefill = useQuery({ ...productQuery(slug ?? ''), enabled: slug !== null });

  let content;
  if (!user) {
    content = <Skeleton className="mt-6 h-96" />;
  } else if (user.accountType !== 'business') {
    content = (
      <Notice icon={Building2} title={t('businessOnlyTitle')} text={t('businessOnlyText')}
        action={<Link to={contactHref(slug, search.get('quantity'))} className={buttonClasses()}>{t('contactSales')}</Link>} />
    );
  } else if (!user.isVerified) {
    content = <Notice icon={MailCheck} title={t('verifyTitle')} text={t('verifyText')} />;
  } else if (slug !== null && prefill.isPending) {
    content = <Skeleton className="mt-6 h-96" />;
  } else {
    content = <QuoteRequestForm prefill={prefill.data ?? null} quantity={quantity} variantId={variantId} />;
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('requestPageTitle')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('requestTitle')}</h1>
      <p className="mt-1 text-slate-600">{t('requestIntro')}</p>
      {content}
    </div>
  );
}
