import { useTranslation } from 'react-i18next';
import { parseGs1 } from '#contracts/gs1';

/** What a scanned GS1 code says, as the server will read it, or why it cannot be read. */
export function Gs1Preview({ value }: { value: string }) {
  const { t } = useTranslation('lots');
  if (!value.trim()) return null;
  const parsed = parseGs1(value);
  if (!parsed.ok) {
    return (
      <ul className="space-y-0.5 text-sm text-red-700" data-testid="gs1-preview-errors">
        {parsed.errors.map((error) => <li key={error}>{error}</li>)}
      </ul>
    );
  }
  const rows: [string, string | undefined][] = [
    [t('gtin'), parsed.data.gtin], [t('lot'), parsed.data.lot], [t('expiry'), parsed.data.expiry], [t('serial'), parsed.data.serial],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="gs1-preview">
      {rows.filter(([, text]) => text).map(([label, text]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-mono text-slate-900" dir="ltr">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
