import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Building2, FileText, MailCheck, Plus, Trash2 } from 'lucide-react';
import { MAX_QUOTE_LINES } from '#contracts/quotes';
import { firstFieldErrors, type FieldErrors } from '../auth/field-errors.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { productQuery } from '../catalog/catalog.api.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { quoteMessages } from './messages.ts';
import { ProductPicker, type PickedProduct } from './product-picker.tsx';
import { useRequestQuote } from './quotes.api.ts';

interface Line {
  key: number;
  product: PickedProduct | null;
  quantity: string;
}

let nextKey = 0;
const newLine = (product: PickedProduct | null = null, quantity = 1): Line => ({ key: ++nextKey, product, quantity: String(quantity) });

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

function QuoteRequestForm({ initial }: { initial: Line[] }) {
  const t = useMessages(quoteMessages);
  const f = useFormat();
  const navigate = useNavigate();
  const request = useRequestQuote();
  const [lines, setLines] = useState<Line[]>(initial);
  const [deliveryCity, setDeliveryCity] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const clear = (...fields: string[]) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  const update = (index: number, change: Partial<Line>) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));
    clear(`lines.${index}.product_id`, `lines.${index}.quantity`, 'lines');
  };
  const remove = (index: number) => {
    setLines((current) => current.filter((_, i) => i !== index));
    setErrors({});
  };

  function check(): FieldErrors {
    const found: FieldErrors = {};
    lines.forEach((line, index) => {
      if (!line.product) found[`lines.${index}.product_id`] = t.chooseProduct;
      const quantity = Number(line.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) found[`lines.${index}.quantity`] = t.enterQuantity;
    });
    if (!deliveryCity.trim()) found.delivery_city = t.required;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error(t.requestFailed, t.fixErrors);
      return;
    }
    try {
      const quote = await request.mutateAsync({
        lines: lines.map((line) => ({ product_id: line.product!.id, quantity: Number(line.quantity) })),
        delivery_city: deliveryCity,
        notes,
      });
      notify.success(t.requestedToast, t.requestedToastText(quote.number));
      await navigate(`/profile/quotes/${quote.id}`);
    } catch (error) {
      const fields = firstFieldErrors(error);
      setErrors(fields);
      notify.error(t.requestFailed, Object.keys(fields).length > 0 ? t.fixErrors : error instanceof Error ? error.message : t.requestFailed);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-6">
      <Card className="p-5 sm:p-6">
        <h2 className="text-base font-bold text-slate-900">{t.products}</h2>
        {errors.lines && <p className="mt-2 text-sm font-medium text-red-700">{errors.lines}</p>}
        <ol className="mt-4 space-y-4">
          {lines.map((line, index) => (
            <li key={line.key} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_8rem_auto] sm:items-start sm:p-4">
              <div className="min-w-0">
                <span className="mb-1.5 block text-sm font-semibold text-slate-800">{t.product}</span>
                {line.product ? (
                  <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-slate-900">{line.product.name}</span>
                      <span className="block text-xs text-slate-500">
                        {line.product.model_number} · {t.listPriceEach(f.price(line.product.price))}
                      </span>
                    </span>
                    <Button type="button" variant="ghost" size="sm" onClick={() => update(index, { product: null })}>
                      {t.changeProduct}
                    </Button>
                  </div>
                ) : (
                  <ProductPicker label={t.product} error={errors[`lines.${index}.product_id`]} onPick={(product) => update(index, { product })} />
                )}
              </div>
              <TextField
                label={t.quantity}
                type="number"
                inputMode="numeric"
                min={1}
                name={`lines.${index}.quantity`}
                value={line.quantity}
                error={errors[`lines.${index}.quantity`]}
                onChange={(event) => update(index, { quantity: event.target.value })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="sm:mt-7"
                disabled={lines.length === 1}
                aria-label={t.removeLine(line.product?.name ?? `${index + 1}`)}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ol>
        <Button type="button" variant="secondary" className="mt-4" disabled={lines.length >= MAX_QUOTE_LINES} onClick={() => setLines([...lines, newLine()])}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {t.addLine}
        </Button>
      </Card>

      <Card className="space-y-4 p-5 sm:p-6">
        <TextField
          label={t.deliveryCity}
          name="delivery_city"
          required
          autoComplete="address-level2"
          value={deliveryCity}
          error={errors.delivery_city}
          onChange={(event) => {
            setDeliveryCity(event.target.value);
            clear('delivery_city');
          }}
        />
        <FormField label={t.notes} hint={t.notesHint} error={errors.notes}>
          {(control) => (
            <textarea
              {...control}
              name="notes"
              rows={4}
              maxLength={2000}
              value={notes}
              onChange={(event) => {
                setNotes(event.target.value);
                clear('notes');
              }}
              className={controlClasses(Boolean(errors.notes), 'py-2')}
            />
          )}
        </FormField>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={request.isPending} className="w-full sm:w-auto">
          <FileText aria-hidden="true" className="h-4 w-4" /> {request.isPending ? t.sending : t.sendRequest}
        </Button>
      </div>
    </form>
  );
}

/** /quotes/new?product={slug}&quantity={n}: business buyers ask for prices; the product page prefills one line. */
export function QuoteRequestPage() {
  const t = useMessages(quoteMessages);
  const { user } = useCurrentUser();
  const [search] = useSearchParams();
  const slug = search.get('product');
  const quantity = Math.max(1, Math.floor(Number(search.get('quantity')) || 1));
  const prefill = useQuery({ ...productQuery(slug ?? ''), enabled: slug !== null });

  let content;
  if (!user) {
    content = <Skeleton className="mt-6 h-96" />;
  } else if (user.accountType !== 'business') {
    content = (
      <Notice icon={Building2} title={t.businessOnlyTitle} text={t.businessOnlyText}
        action={<Link to={contactHref(slug, search.get('quantity'))} className={buttonClasses()}>{t.contactSales}</Link>} />
    );
  } else if (!user.isVerified) {
    content = <Notice icon={MailCheck} title={t.verifyTitle} text={t.verifyText} />;
  } else if (slug !== null && prefill.isPending) {
    content = <Skeleton className="mt-6 h-96" />;
  } else {
    content = <QuoteRequestForm initial={[newLine(prefill.data ?? null, quantity)]} />;
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t.requestPageTitle}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.requestTitle}</h1>
      <p className="mt-1 text-slate-600">{t.requestIntro}</p>
      {content}
    </div>
  );
}
