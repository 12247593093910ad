import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Download, PackageOpen } from 'lucide-react';
import { centsToNumber, decimalToCents } from '#contracts/money';
import { listOrganisationOrders, spendReport, type OrganisationOrder, type SpendRow } from '#contracts/organisation-reports';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { StepPager } from '../components/ui/step-pager.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import { saveInvoice } from '../orders/orders.api.ts';
import {
  downloadOrdersCsv, isValidRange, lastTwelveMonths, monthsBetween, organisationOrdersQuery, spendReportQuery, type MonthRange,
} from './organisation-reports.api.ts';

/** Department colours, in the order departments are listed; orders for no department are grey. */
const PALETTE = [
  'bg-sky-600', 'bg-emerald-600', 'bg-amber-500', 'bg-violet-600', 'bg-rose-600', 'bg-teal-500', 'bg-indigo-500', 'bg-orange-600',
];
const NO_DEPARTMENT_COLOUR = 'bg-slate-400';

interface Department {
  key: string;
  name: string | null;
  colour: string;
}

interface MonthSpend {
  month: string;
  cents: number;
  orders: number;
  /** Cents per department key. */
  byDepartment: Map<string, number>;
}

const departmentKey = (row: SpendRow) => (row.department_id === null ? 'none' : String(row.department_id));

/** The report's rows as one entry per month of the range (months without spend included) and the departments seen. */
function summarise(rows: SpendRow[], range: MonthRange) {
  const names = new Map<string, string | null>();
  const spend = new Map<string, MonthSpend>(monthsBetween(range).map((month) => [month, { month, cents: 0, orders: 0, byDepartment: new Map() }]));
  const departmentCents = new Map<string, number>();
  for (const row of rows) {
    const key = departmentKey(row);
    const cents = decimalToCents(row.total);
    names.set(key, row.department);
    departmentCents.set(key, (departmentCents.get(key) ?? 0) + cents);
    const month = spend.get(row.month) ?? { month: row.month, cents: 0, orders: 0, byDepartment: new Map<string, number>() };
    month.cents += cents;
    month.orders += row.orders;
    month.byDepartment.set(key, (month.byDepartment.get(key) ?? 0) + cents);
    spend.set(row.month, month);
  }
  const named = [...names].filter(([key]) => key !== 'none').sort(([, a], [, b]) => (a ?? '').localeCompare(b ?? ''));
  const departments: Department[] = named.map(([key, name], index) => ({ key, name, colour: PALETTE[index % PALETTE.length] }));
  if (names.has('none')) departments.push({ key: 'none', name: null, colour: NO_DEPARTMENT_COLOUR });
  const months = [...spend.values()].sort((a, b) => a.month.localeCompare(b.month));
  return {
    departments,
    months,
    departmentCents,
    cents: months.reduce((sum, month) => sum + month.cents, 0),
    orders: months.reduce((sum, month) => sum + month.orders, 0),
  };
}

function useMonthName() {
  const f = useFormat();
  return (month: string, style: 'short' | 'long' = 'short') =>
    f.date(`${month}-01T00:00:00Z`, { month: style, year: 'numeric', timeZone: 'UTC' });
}

/** Each month a horizontal bar, split by department; rows run in the page's direction, so they read right to left in Arabic and Urdu. */
function SpendChart({ summary, range }: { summary: ReturnType<typeof summarise>; range: MonthRange }) {
  const { t } = useTranslation('organisation-reports');
  const f = useFormat();
  const monthName = useMonthName();
  const largest = Math.max(...summary.months.map((month) => month.cents), 1);
  const departmentName = (department: Department) => department.name ?? t('noDepartment');
  const label = t('chartLabel', { from: monthName(range.from, 'long'), to: monthName(range.to, 'long') });
  return (
    <figure aria-label={label} data-testid="spend-chart" className="space-y-4">
      <ul aria-label={t('legendLabel')} className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700">
        {summary.departments.map((department) => (
          <li key={department.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`h-3 w-3 shrink-0 rounded-sm ${department.colour}`} />
            <DataText>{departmentName(department)}</DataText>
            <span className="text-slate-500">{f.price(centsToNumber(summary.departmentCents.get(department.key) ?? 0))}</span>
          </li>
        ))}
      </ul>

      <ol aria-hidden="true" className="space-y-2">
        {summary.months.map((month) => (
          <li key={month.month} data-month={month.month} className="grid grid-cols-[4.5rem_1fr] items-center gap-x-3 gap-y-1 sm:grid-cols-[6rem_1fr_8rem]">
            <span className="text-xs font-medium text-slate-600 sm:text-sm">{monthName(month.month)}</span>
            <span className="text-end text-sm font-semibold text-slate-900 tabular-nums sm:order-last">{f.price(centsToNumber(month.cents))}</span>
            <span className="col-span-2 flex h-4 overflow-hidden rounded bg-slate-100 sm:col-span-1 sm:h-6">
              {summary.departments.map((department) => {
                const cents = month.byDepartment.get(department.key) ?? 0;
                if (cents === 0) return null;
                return (
                  <span key={department.key} className={`h-full ${department.colour} border-e border-white/70 last:border-e-0`}
                    style={{ width: `${(cents / largest) * 100}%` }}
                    title={t('segment', { department: departmentName(department), amount: f.price(centsToNumber(cents)) })} />
                );
              })}
            </span>
          </li>
        ))}
      </ol>

      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('month')}</th>
              {summary.departments.map((department) => <th key={department.key} scope="col">{departmentName(department)}</th>)}
              <th scope="col">{t('total')}</th>
              <th scope="col">{t('orders')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthName(month.month, 'long')}</th>
                {summary.departments.map((department) => (
                  <td key={department.key}>{f.price(centsToNumber(month.byDepartment.get(department.key) ?? 0))}</td>
                ))}
                <td>{f.price(centsToNumber(month.cents))}</td>
                <td>{f.number(month.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function SpendSection() {
  const { t } = useTranslation('organisation-reports');
  const format = useFormat();
  const monthName = useMonthName();
  const [range, setRange] = useState<MonthRange>(() => lastTwelveMonths());
  const [downloading, setDownloading] = useState(false);
  const valid = isValidRange(range);
  const spend = useQuery({ ...spendReportQuery(range), enabled: valid });
  const shown = spend.data ? { from: spend.data.from, to: spend.data.to } : range;
  const summary = spend.data && summarise(spend.data.rows, shown);

  const download = () => {
    setDownloading(true);
    downloadOrdersCsv(range)
      .catch(() => notify.error(t('csvFailed'), t('csvFailedText')))
      .finally(() => setDownloading(false));
  };

  return (
    <section aria-labelledby="spend-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="spend-heading" className="text-lg font-bold text-slate-900">{t('spendHeading')}</h2>
          <p className="text-sm text-slate-600">{t('spendIntro')}</p>
        </div>
        <Button variant="secondary" onClick={download} disabled={!valid || downloading} className="w-full sm:w-auto">
          <Download aria-hidden="true" className="h-4 w-4" />
          {downloading ? t('downloading') : t('downloadCsv')}
        </Button>
      </div>

      <fieldset className="grid grid-cols-2 gap-3 sm:flex sm:items-start">
        <legend className="sr-only">{t('rangeLabel')}</legend>
        <TextField type="month" label={t('from')} value={range.from} max={range.to || undefined} className="sm:w-44"
          onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
          error={valid ? undefined : t('rangeInvalid')} />
        <TextField type="month" label={t('to')} value={range.to} min={range.from || undefined} className="sm:w-44"
          onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))} />
      </fieldset>

      <Card className="p-4 sm:p-6">
        {spend.isError ? (
          isApiError(spend.error, spendReport, 'ORGANISATION_ROLE') ? (
            <p role="alert" className="text-sm text-slate-700">{t('notAllowed')}</p>
          ) : (
            <ErrorState title={t('spendFailed')} message={t('tryAgainText')} error={spend.error} onRetry={() => void spend.refetch()} retrying={spend.isFetching} />
          )
        ) : !summary ? (
          <p role="status" className="text-sm text-slate-600">{t('loadingSpend')}</p>
        ) : (
          <div className="space-y-5">
            <p className="text-sm text-slate-700" aria-live="polite" data-testid="spend-totals">
              <span className="font-semibold text-slate-900">{t('totalsAmount', { amount: format.price(centsToNumber(summary.cents)) })}</span>
              {' · '}
              {t('totals', { count: summary.orders, from: monthName(shown.from, 'long'), to: monthName(shown.to, 'long') })}
            </p>
            {summary.orders === 0 ? (
              <div className="flex flex-col items-center py-8 text-center">
                <BarChart3 aria-hidden="true" className="h-8 w-8 text-slate-400" />
                <p className="mt-2 text-sm text-slate-600">{t('noSpend')}</p>
              </div>
            ) : (
              <SpendChart summary={summary} range={shown} />
            )}
          </div>
        )}
      </Card>
    </section>
  );
}

/** One order: a row of the table on wide screens, a card on phones. */
function OrderRow({ order }: { order: OrganisationOrder }) {
  const { t } = useTranslation('organisation-reports');
  const { t: o } = useTranslation('orders');
  const f = useFormat();
  const cell = 'flex items-baseline justify-between gap-3 py-0.5 md:table-cell md:px-3 md:py-3 md:align-top';
  const label = 'text-xs text-slate-500 md:hidden';
  const department = order.purchaseOrder?.department;
  const poNumber = order.purchaseOrder?.poNumber;
  return (
    <tr className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none">
      <th scope="row" className="flex items-baseline justify-between gap-3 pb-1 text-start md:table-cell md:px-3 md:py-3 md:align-top">
        <span className="min-w-0">
          <DataText className="block font-semibold text-slate-900">{order.orderNumber}</DataText>
          <button type="button" onClick={() => saveInvoice(order.id, order.orderNumber, o)}
            aria-label={o('invoiceFor', { number: order.orderNumber })}
            className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            <Download aria-hidden="true" className="h-3.5 w-3.5" />{o('invoice')}
          </button>
        </span>
        <span className="md:hidden"><OrderStatusBadge status={order.status} /></span>
      </th>
      <td className={cell}><span className={label}>{t('date')}</span><span className="text-sm text-slate-700">{f.date(order.createdAt)}</span></td>
      <td className={cell}>
        <span className={label}>{t('placedBy')}</span>
        <span className="min-w-0 text-end md:text-start">
          <DataText as="span" className="block text-sm font-medium text-slate-900">{order.placedBy.name}</DataText>
          <DataText as="span" className="block truncate text-xs text-slate-500">{order.placedBy.email}</DataText>
        </span>
      </td>
      <td className={cell}>
        <span className={label}>{t('department')}</span>
        <span className="text-sm text-slate-700">{department ? <DataText>{department}</DataText> : t('noDepartment')}</span>
      </td>
      <td className={cell}>
        <span className={label}>{t('poNumber')}</span>
        <span className="text-sm text-slate-700">{poNumber ? <DataText>{poNumber}</DataText> : t('noPoNumber')}</span>
      </td>
      <td className="hidden md:table-cell md:px-3 md:py-3 md:align-top"><OrderStatusBadge status={order.status} /></td>
      <td className={`${cell} md:text-end`}>
        <span className={label}>{t('total')}</span>
        <span className="text-sm font-semibold text-slate-900 tabular-nums">{f.price(order.total)}</span>
      </td>
    </tr>
  );
}

function OrdersSection() {
  const { t } = useTranslation('organisation-reports');
  const [page, setPage] = useState(1);
  const orders = useQuery(organisationOrdersQuery(page));
  const heading = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <section aria-labelledby="organisation-orders-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="organisation-orders-heading" className="text-lg font-bold text-slate-900">{t('ordersHeading')}</h2>
        {orders.data && <p className="text-sm text-slate-600" aria-live="polite">{t('ordersCount', { count: orders.data.count })}</p>}
      </div>
      {orders.isError ? (
        isApiError(orders.error, listOrganisationOrders, 'ORGANISATION_ROLE') ? (
          <p role="alert" className="text-sm text-slate-700">{t('notAllowed')}</p>
        ) : (
          <ErrorState title={t('ordersFailed')} message={t('tryAgainText')} error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        )
      ) : orders.isPending ? (
        <p role="status" className="text-sm text-slate-600">{t('loadingOrders')}</p>
      ) : orders.data.count === 0 ? (
        <Card className="flex flex-col items-center px-6 py-10 text-center">
          <PackageOpen aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-900">{t('noOrders')}</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">{t('noOrdersText')}</p>
        </Card>
      ) : (
        <>
          <table className="block w-full md:table md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
            <caption className="sr-only">{t('ordersHeading')}</caption>
            <thead className="hidden md:table-header-group">
              <tr>
                <th scope="col" className={heading}>{t('orderNumber')}</th>
                <th scope="col" className={heading}>{t('date')}</th>
                <th scope="col" className={heading}>{t('placedBy')}</th>
                <th scope="col" className={heading}>{t('department')}</th>
                <th scope="col" className={heading}>{t('poNumber')}</th>
                <th scope="col" className={heading}>{t('status')}</th>
                <th scope="col" className={`${heading} text-end`}>{t('total')}</th>
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group">
              {orders.data.orders.map((order) => <OrderRow key={order.id} order={order} />)}
            </tbody>
          </table>
          <StepPager page={page} pages={orders.data.totalPages} onPage={setPage} className="justify-center"
            texts={{ label: t('pagesLabel'), back: t('previous'), forward: t('next'), position: t('pageOf', { page, total: orders.data.totalPages }) }} />
        </>
      )}
    </section>
  );
}

/** What the organisation bought, for its admins, approvers and finance: spend by month and department, the CSV, the orders. */
export function ReportsPanel() {
  return (
    <div className="space-y-10">
      <SpendSection />
      <OrdersSection />
    </div>
  );
}
