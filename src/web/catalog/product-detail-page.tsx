import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Fragment, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Check, FileQuestion, RotateCcw, ShieldCheck, Truck, Zap } from 'lucide-react';
import type { ProductDetail, ProductVariant } from '#contracts/catalog';
import { ProductBuyButton } from '../cart/product-buy-button.tsx';
import { LicenceRequiredNotice } from '../licences/licence-required.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { formatCountdown, msUntil } from '../home/flash-sale-logic.ts';
import { ApiError } from '../lib/api.ts';
import { useNow } from '../lib/use-now.ts';
import { productQuery } from './catalog.api.ts';
import { catalogHref } from './catalog-query.ts';
import { PriceTag } from './price-tag.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductTabs } from './product-tabs.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { RelatedProducts } from './related-products.tsx';
import { RatingSummary } from './star-rating.tsx';
import { StockPanel } from './stock-panel.tsx';
import { variantFromLink } from './chosen-variant.ts';
import { VariantPicker } from './variant-picker.tsx';
import { StickyBuyBar, useScrolledPast } from './sticky-buy-bar.tsx';
import { ProductHandlingPanel } from '../lots/product-handling-panel.tsx';
import { VolumePricing } from '../pricing/volume-pricing.tsx';
import { LinePricePreview } from '../pricing/line-price-preview.tsx';
import { Breadcrumb, type Crumb } from '../components/ui/breadcrumb.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { WishlistButton } from '../wishlist/wishlist-button.tsx';
import { AddToReorderList } from '../reorder-lists/add-to-reorder-list.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { useFreeShippingThreshold } from '../shipping/free-shipping.api.ts';
import { HttpStatus, usePermanentRedirect } from '../ssr/render-response.ts';
import { ProductHead, productPath } from './product-head.tsx';
import { SetContents } from '../sets/set-contents.tsx';
import { SetCustomiser } from '../sets/set-customiser.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';

const NOTES = [
  // Told once the server says from what subtotal the standard method ships free (and only if it ever does).
  { icon: Truck, text: (t: TFunction<'catalog'>, freeOver: string | null) => (freeOver === null ? null : t('freeShippingOver', { amount: freeOver })) },
  { icon: ShieldCheck, text: (t: TFunction<'catalog'>) => t('warranty') },
  { icon: RotateCcw, text: (t: TFunction<'catalog'>) => t('returns') },
  { icon: Zap, text: (t: TFunction<'catalog'>) => t('shipsWithin') },
];

/** The quote request for this product and quantity, with the size chosen on the page when it has several. */
export function quoteHref(slug: string, quantity: number, variantId?: number): string {
  const params = new URLSearchParams({ product: slug, quantity: String(quantity) });
  if (variantId !== undefined) params.set('variant', String(variantId));
  return `/quotes/new?${params}`;
}

function productCrumbs(product: Pick<ProductDetail, 'category' | 'name'>, categoryName: string, t: TFunction<'catalog'>): Crumb[] {
  return [
    { label: t('home'), to: '/' },
    { label: t('products'), to: '/products' },
    { label: categoryName, to: catalogHref({ category: product.category }) },
    { label: product.name },
  ];
}

function FlashSaleNote({ sale }: { sale: NonNullable<ProductDetail['flash_sale']> }) {
  const now = useNow();
  const { t } = useTranslation('catalog');
  const f = useFormat();
  const countdown = formatCountdown(msUntil(sale.saleEndTime, now));
  if (countdown === 'EXPIRED') return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <Badge tone="danger">-{sale.discount}%</Badge>
      <span>
        {t('flashSalePrice')} <span className="font-bold">{f.price(sale.salePrice)}</span> · {t('endsIn')}{' '}
        <time dateTime={sale.saleEndTime} className="font-mono font-semibold tabular-nums">
          {countdown}
        </time>
      </span>
    </p>
  );
}

/** The variant the link names (`?variant=`), and choosing another, which replaces the link so it can be shared. */
function useChosenVariant(product: ProductDetail) {
  const [params, setParams] = useSearchParams();
  const chosen = variantFromLink(product.variants, params.get('variant'));
  const choose = (variant: ProductVariant) => setParams((current) => {
    const next = new URLSearchParams(current);
    next.set('variant', String(variant.id));
    return next;
  }, { replace: true, preventScrollReset: true });
  return [chosen, choose] as const;
}

function ProductSummary({ product, chosen, choose }: {
  product: ProductDetail;
  chosen: ProductVariant | undefined;
  choose: (variant: ProductVariant) => void;
}) {
  const [quantity, setQuantity] = useState(1);
  // A product sold in several sizes shows the chosen one's figures; a plain one keeps the product's own.
  const variant = product.variants.length > 1 ? chosen : undefined;
  const buyable = variant ? { ...product, is_in_stock: variant.is_in_stock, stock_quantity: variant.available_stock } : product;
  const buyRow = useRef<HTMLDivElement>(null);
  const scrolledPast = useScrolledPast(buyRow);
  const { t } = useTranslation('catalog');
  const { price } = useFormat();
  const freeOver = useFreeShippingThreshold();
  const translated = useTranslated();
  const set = chosen?.set;
  const business = useCurrentUser().user?.accountType === 'business';

  return (
    <div className="min-w-0">
      <Link to={catalogHref({ category: product.category })} className="text-sm font-semibold tracking-wider text-brand-700 uppercase hover:underline">
        <DataText>{translated(product.category_name, product.category_name_translations)}</DataText>
      </Link>
      <DataText as="h1" className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</DataText>
      <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
        <div className="flex gap-1">
          <dt>{t('model')}</dt>
          <DataText as="dd" className="font-mono font-semibold text-slate-800">{variant?.model_number ?? product.model_number}</DataText>
        </div>
        <div className="flex gap-1">
          <dt>{t('brandColon')}</dt>
          <DataText as="dd" className="font-semibold text-slate-800">{product.brand}</DataText>
        </div>
      </dl>
      <RatingSummary rating={product.average_rating} count={product.review_count} className="mt-3" />
      {product.certifications.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('certifications')}>
          {product.certifications.map((name) => (
            <li key={name}>
              <Badge tone="brand">
                <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" /> {name}
              </Badge>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-5 space-y-3">
        <PriceTag price={variant?.price ?? product.price} originalPrice={variant ? variant.original_price : product.original_price} size="lg" />
        {product.flash_sale && (!variant || product.flash_sale.variantId === variant.id) && <FlashSaleNote sale={product.flash_sale} />}
        <VolumePricing product={{ id: product.id, price_tiers: chosen?.price_tiers ?? product.price_tiers }} rows={chosen?.volume_prices ?? []} />
      </div>
      {chosen && product.options.length > 0 && (
        <div className="mt-5">
          <VariantPicker options={product.options} variants={product.variants} chosen={chosen} onChoose={choose} />
        </div>
      )}

      <div className="mt-5 space-y-3">
        {product.licence_required && <LicenceRequiredNotice />}
        <StockPanel
          slug={product.slug}
          variant={variant && { id: variant.id, lowStockThreshold: variant.low_stock_threshold }}
          summary={variant
            ? { available: variant.available_stock, threshold: variant.low_stock_threshold }
            : { available: product.stock_quantity, threshold: product.low_stock_threshold }}
        />
        <ProductHandlingPanel slug={product.slug} variantExpiry={variant && variant.next_lot_expiry} />
        {set && <SetContents set={set} />}
        {set && chosen && !set.blocked && business && <SetCustomiser productId={product.id} variantId={chosen.id} set={set} quantity={quantity} />}
      </div>

      {product.features.length > 0 && (
        <section aria-labelledby="features-heading" className="mt-6">
          <h2 id="features-heading" className="font-semibold text-slate-900">
            {t('keyFeatures')}
          </h2>
          <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
            {product.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                <DataText>{feature}</DataText>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* Phones: stepper and heart on one line, the button under them at full width; one line from sm up. */}
      <div ref={buyRow} className="mt-6 flex flex-wrap items-center gap-3">
        <QuantityStepper value={quantity} onChange={setQuantity} />
        {set?.blocked ? (
          <Button size="lg" disabled className="order-last basis-full sm:order-none sm:min-w-48 sm:flex-1 sm:basis-auto">{t('setCannotBuy')}</Button>
        ) : (
          <ProductBuyButton product={buyable} variantId={chosen?.id} quantity={quantity} size="lg" className="order-last basis-full sm:order-none sm:min-w-48 sm:flex-1 sm:basis-auto" />
        )}
        <WishlistButton product={product} variantId={variant?.id} size="lg" className="ms-auto sm:ms-0" />
      </div>
      <LinePricePreview productId={product.id} variantId={chosen?.id} quantity={quantity} />
      <StickyBuyBar product={buyable} variant={variant} quantity={quantity} shown={scrolledPast} />
      <Link to={quoteHref(product.slug, quantity, variant?.id)} className={buttonClasses({ variant: 'secondary', className: 'mt-3 w-full' })}>
        {t('requestQuote')}
      </Link>
      <AddToReorderList productId={product.id} variantId={variant?.id} />

      <ul className="mt-6 grid gap-3 border-t border-slate-200 pt-5 text-sm text-slate-700 sm:grid-cols-2">
        {NOTES.map(({ icon: Icon, text }, index) => {
          const note = text(t, freeOver === null ? null : price(freeOver));
          return note && (
            <li key={index} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
              {note}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Gallery and summary side by side, both following the size chosen in the link. */
function ProductColumns({ product }: { product: ProductDetail }) {
  const [chosen, choose] = useChosenVariant(product);
  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
      <ProductGallery key={chosen?.image ?? ''} product={product} variant={product.variants.length > 1 ? chosen : undefined} />
      <ProductSummary product={product} chosen={chosen} choose={choose} />
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('catalog');
  return (
    <div role="status" aria-label={t('loadingProduct')} className="mt-6 grid gap-10 lg:grid-cols-2">
      <Skeleton className="aspect-square rounded-2xl" />
      <div className="space-y-4">
        <Skeleton className="h-4 w-1/4" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('catalog');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
      <HttpStatus status={404} />
      <title>{`${t('productNotFound')} — ${t('shopName')}`}</title>
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <FileQuestion aria-hidden="true" className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{t('productNotFound')}</h1>
      <p className="mt-2 text-slate-600">{t('productGone')}</p>
      <Link to="/products" className={buttonClasses({ className: 'mt-6' })}>
        {t('browseProducts')}
      </Link>
    </div>
  );
}

export function ProductDetailPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const product = useQuery(productQuery(slug));
  const queryClient = useQueryClient();
  // The summary's texts (prices by quantity, live stock, handling, licence, buying and lists) load with the page: one
  // loaded when the product arrives would blank the page meanwhile.
  const { t } = useTranslation(['catalog', 'pricing', 'inventory', 'lots', 'licences', 'cart', 'wishlist', 'reorder-lists']);
  const translated = useTranslated();
  // 'default' is the key of the first page of a visit: there is nothing in the shop to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/products') : navigate(-1));
  // A former address answers with the product under its new one: show that one in the address bar, with the answer
  // already in hand under it.
  const renamed = product.data && product.data.slug !== slug ? product.data : undefined;
  usePermanentRedirect(renamed && `${productPath(renamed.slug)}${location.search}`);
  useEffect(() => {
    if (!renamed) return;
    queryClient.setQueryData(productQuery(renamed.slug).queryKey, renamed);
    navigate({ pathname: productPath(renamed.slug), search: location.search, hash: location.hash }, { replace: true });
  }, [renamed, queryClient, navigate, location.search, location.hash]);

  if (product.error instanceof ApiError && product.error.status === 404) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <NotFound />
      </div>
    );
  }

  const data = product.data;
  const crumbs = data && productCrumbs(data, translated(data.category_name, data.category_name_translations), t);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      {crumbs && <ProductHead product={data} crumbs={crumbs} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <Button variant="ghost" size="sm" onClick={goBack} className="-ms-3 self-start">
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t('back')}
        </Button>
        {crumbs && <Breadcrumb items={crumbs} />}
      </div>

      {product.isPending ? (
        <DetailSkeleton />
      ) : product.isError ? (
        <div className="mt-6">
          <ErrorState title={t('productLoadError')} error={product.error} onRetry={() => product.refetch()} retrying={product.isFetching} />
        </div>
      ) : (
        <Fragment key={product.data.slug}>
          <ProductColumns product={product.data} />
          {/* Boundaries of their own: a server-rendered page hydrates (and commits) these apart from the product above
              them, in shorter tasks. Nothing in them suspends once the page is here. */}
          <Suspense>
            <ProductTabs product={product.data} />
          </Suspense>
          <Suspense>
            <RelatedProducts products={product.data.related_products} />
          </Suspense>
        </Fragment>
      )}
    </div>
  );
}
