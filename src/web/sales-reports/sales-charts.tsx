import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesDay, SalesReport } from '#contracts/sales-reports';
import { isRtl } from '../i18n/locale-store.ts';
import { useFormat } from '../i18n/use-format.ts';

/*
 * The report's charts, drawn with Recharts and loaded after the figures: a reader sees the totals and tables at once.
 * Each chart is a picture to look at (its figure's caption says what it shows, and the tables hold every figure), so it
 * takes no keyboard focus. Recharts draws left to right; in Arabic and Urdu the axes are mirrored to read from the right.
 */

const GROSS = '#0e7490';
const NET = '#059669';
const tick = { fontSize: 12, fill: '#475569' };

function useChartFormat() {
  const f = useFormat();
  return {
    rtl: isRtl(f.locale),
    day: (date: string) => f.date(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    compact: (value: number) => f.number(value, { notation: 'compact', maximumFractionDigits: 1 }),
    usd: (value: unknown) => f.money(Number(value), 'USD'),
  };
}

/** Gross and net revenue, a point for every day of the range. */
export function RevenueChart({ days }: { days: SalesDay[] }) {
  const { t } = useTranslation('sales-reports');
  const c = useChartFormat();
  const data = days.map((day) => ({ date: day.date, gross: Number(day.gross), net: Number(day.net) }));
  return (
    <div className="h-64 w-full sm:h-80" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={c.day} reversed={c.rtl} minTickGap={24} tick={tick} padding={{ left: 12, right: 12 }} />
          <YAxis orientation={c.rtl ? 'right' : 'left'} tickFormatter={c.compact} width={44} tick={tick} />
          <Tooltip formatter={c.usd} labelFormatter={(date) => c.day(String(date))} />
          <Legend />
          <Line type="monotone" dataKey="gross" name={t('series_gross')} stroke={GROSS} strokeWidth={2} dot={days.length <= 31} isAnimationActive={false} />
          <Line type="monotone" dataKey="net" name={t('series_net')} stroke={NET} strokeWidth={2} dot={days.length <= 31} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A bar per top product, longest first, by revenue. */
export function ProductsChart({ products }: { products: SalesReport['top_products'] }) {
  const { t } = useTranslation('sales-reports');
  const c = useChartFormat();
  const data = products.map((product) => ({ name: product.name, revenue: Number(product.revenue) }));
  return (
    <div className="w-full" style={{ height: 48 + data.length * 36 }} dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" tickFormatter={c.compact} reversed={c.rtl} tick={tick} />
          <YAxis type="category" dataKey="name" orientation={c.rtl ? 'right' : 'left'} width={132} tick={tick} interval={0}
            tickFormatter={(name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name)} />
          <Tooltip formatter={c.usd} />
          <Bar dataKey="revenue" name={t('col_revenue')} fill={GROSS} radius={c.rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
