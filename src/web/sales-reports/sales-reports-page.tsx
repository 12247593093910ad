import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { getSalesReport, type SalesReport } from '#contracts/sales-reports';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { usePlaceNames } from '../staff-shipping/place-names.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { SalesRangePicker } from './sales-range-picker.tsx';
import { presetRange, salesReportQuery, type DayRange } from './sales-reports.api.ts';
import { SalesTable } from './sales-table.tsx';

const RevenueChart = lazy(() => import('./sales-charts.tsx').then((charts) => ({ default: charts.RevenueChart })));
const ProductsChart = lazy(() => import('./sales-charts.tsx').then((charts) => ({ default: charts.ProductsChart })));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address (?from=&to=), so that a report can be reloaded and shared; the last 7 days without one. */
function useRange(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = DAY.test(from) && DAY.test(to) ? { from, to } : presetRange('last7');
  return [range, (next) => setParams((current) => {
    const kept = new URLSearchParams(current);
    kept.set('from', next.from);
    kept.set('to', next.to);
    return kept;
  }, { replace: true })];
}

function Figure({ label, usd, pkr, children }: { label: string; usd?: string; pkr?: string; children?: ReactNode }) {
  const f = useFormat();
  return (
    <Card className="p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
        {usd !== undefined ? f.money(usd, 'USD') : children}
        {pkr !== undefined && <span className="block text-sm font-medium text-slate-600">{f.money(pkr, 'PKR')}</span>}
      </dd>
    </Card>
  );
}

function Headline({ report }: { report: SalesReport }) {
  const { t } = useTranslation('sales-reports');
  const f = useFormat();
  return (
    <section aria-labelledby="sales-headline">
      <h2 id="sales-headline" className="sr-only">{t('headline')}</h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label={t('card_gross')} usd={report.revenue.gross} pkr={report.revenue_pkr.gross} />
        <Figure label={t('card_refunds')} usd={report.revenue.refunds} pkr={report.revenue_pkr.refunds} />
        <Figure label={t('card_net')} usd={report.revenue.net} pkr={report.revenue_pkr.net} />
        <Figure label={t('card_orders')}>{f.number(report.orders)}</Figure>
        <Figure label={t('card_aov')} usd={report.average_order_value} pkr={report.average_order_value_pkr} />
        <Figure label={t('card_units')}>{f.number(report.units)}</Figure>
      </dl>
    </section>
  );
}

/** A chart under its caption, which says in words what it shows; the table after it holds every figure. */
function ChartFigure({ id, title, summary, children }: { id: string; title: string; summary: string; children: ReactNode }) {
  const { t } = useTranslation('sales-reports');
  return (
    <figure aria-labelledby={`${id}-title`} className="space-y-2">
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">{title}</h2>
        <p id={`${id}-summary`} className="text-sm text-slate-600">{summary}</p>
      </figcaption>
      <div role="img" aria-labelledby={`${id}-summary`} data-testid={`${id}-chart`}>
        <Suspense fallback={<div role="status" aria-label={t('chartLoading')}><Skeleton className="h-64 w-full" /></div>}>{children}</Suspense>
      </div>
    </figure>
  );
}

function Report({ report, range }: { report: SalesReport; range: DayRange }) {
  const { t } = useTranslation(['sales-reports', 'staff-returns']);
  const f = useFormat();
  const places = usePlaceNames();
  const usd = (amount: string) => f.money(amount, 'USD');
  const day = (date: string) => f.date(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const best = report.by_day.reduce((top, row) => (Number(row.net) > Number(top.net) ? row : top), report.by_day[0]);
  const revenueSummary = report.orders === 0 && Number(report.revenue.refunds) === 0
    ? t('revenueSummaryEmpty', { days: f.number(report.by_day.length) })
    : t('revenueSummary', { total: usd(report.revenue.net), days: f.number(report.by_day.length), best: day(best.date), amount: usd(best.net) });
  const [topProduct] = report.top_products;
  const count = (value: number) => f.number(value);
  const sold = { figure: true };

  return (
    <div className="space-y-8">
      <Headline report={report} />
      <Card className="space-y-6 p-4">
        <ChartFigure id="revenue" title={t('revenueChart')} summary={revenueSummary}><RevenueChart days={report.by_day} /></ChartFigure>
        <SalesTable table="days" range={range} rows={report.by_day} rowKey={(row) => row.date} tall columns={[
          { header: t('col_date'), cell: (row) => day(row.date), nowrap: true },
          { header: t('col_orders'), cell: (row) => count(row.orders), ...sold },
          { header: t('col_gross'), cell: (row) => usd(row.gross), ...sold },
          { header: t('col_refunds'), cell: (row) => usd(row.refunds), ...sold },
          { header: t('col_net'), cell: (row) => usd(row.net), ...sold },
        ]} />
      </Card>
      <Card className="space-y-6 p-4">
        {topProduct && (
          <ChartFigure id="products" title={t('productsChart')}
            summary={t('productsSummary', { first: topProduct.name, amount: usd(topProduct.revenue), units: count(topProduct.units) })}>
            <ProductsChart products={report.top_products} />
          </ChartFigure>
        )}
        <SalesTable table="products" range={range} rows={report.top_products} rowKey={(row) => `${row.product_id ?? 'gone'}-${row.name}`} columns={[
          { header: t('col_product'), cell: (row) => <DataText>{row.name}</DataText> },
          { header: t('col_units'), cell: (row) => count(row.units), ...sold },
          { header: t('col_revenue'), cell: (row) => usd(row.revenue), ...sold },
        ]} />
      </Card>
      <div className="grid gap-8 lg:grid-cols-2">
        <SalesTable table="categories" range={range} rows={report.top_categories} rowKey={(row) => row.category} columns={[
          { header: t('col_category'), cell: (row) => <DataText>{row.category}</DataText> },
          { header: t('col_units'), cell: (row) => count(row.units), ...sold },
          { header: t('col_revenue'), cell: (row) => usd(row.revenue), ...sold },
        ]} />
        <SalesTable table="payment_methods" range={range} rows={report.payment_methods} rowKey={(row) => row.method ?? 'none'} columns={[
          { header: t('col_method'), cell: (row) => (row.method ? t('method', { context: row.method }) : t('noMethod')) },
          { header: t('col_orders'), cell: (row) => count(row.orders), ...sold },
          { header: t('col_gross'), cell: (row) => usd(row.gross), ...sold },
        ]} />
        <SalesTable table="countries" range={range} rows={report.countries} rowKey={(row) => row.country} columns={[
          { header: t('col_country'), cell: (row) => places.country(row.country) ?? row.country },
          { header: t('col_orders'), cell: (row) => count(row.orders), ...sold },
          { header: t('col_gross'), cell: (row) => usd(row.gross), ...sold },
        ]} />
        <SalesTable table="returns" range={range} rows={report.returns_by_reason} rowKey={(row) => row.reason} columns={[
          { header: t('col_reason'), cell: (row) => t('staff-returns:reason', { context: row.reason }) },
          { header: t('col_returns'), cell: (row) => count(row.returns), ...sold },
          { header: t('col_units'), cell: (row) => count(row.units), ...sold },
        ]} />
      </div>
      <SalesTable table="customers" range={range} rows={report.top_customers} rowKey={(row) => row.user_id} columns={[
        { header: t('col_customer'), cell: (row) => (
          <>
            <Link to={`/staff/customers/${row.user_id}`} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
              <DataText>{row.name}</DataText>
            </Link>
            <DataText className="block text-xs font-normal text-slate-600">{row.email}</DataText>
          </>
        ) },
        { header: t('col_orders'), cell: (row) => count(row.orders), ...sold },
        { header: t('col_gross'), cell: (row) => usd(row.gross), ...sold },
        { header: t('col_refunds'), cell: (row) => usd(row.refunds), ...sold },
        { header: t('col_net'), cell: (row) => usd(row.net), ...sold },
      ]} />
    </div>
  );
}

function SalesReports() {
  const { t } = useTranslation('sales-reports');
  const f = useFormat();
  const [range, setRange] = useRange();
  const report = useQuery(salesReportQuery(range));
  const day = (date: string) => f.date(`${date}T00:00:00Z`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={BarChart3} title={t('heading')} intro={t('intro')} />
      <SalesRangePicker key={`${range.from}/${range.to}`} range={range} onChange={setRange} />
      <p className="text-sm text-slate-600" data-testid="sales-range">{t('rangeShown', { from: day(range.from), to: day(range.to) })}</p>
      {report.isPending ? <Skeleton className="h-64 w-full" /> : report.isError ? (
        <ErrorState title={t('loadFailed')} error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <div aria-busy={report.isPlaceholderData}><Report report={report.data} range={range} /></div>
      )}
    </div>
  );
}

/** /staff/reports (inside the sign-in guard): the owner and sales; everyone else is sent home. */
export function SalesReportsPage() {
  const { t } = useTranslation(['sales-reports', 'staff-returns', 'staff-shipping']);
  return <StaffOnly access={getSalesReport.staff} reason={t('staffOnly')}><SalesReports /></StaffOnly>;
}
