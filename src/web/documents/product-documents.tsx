import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Download, FileText } from 'lucide-react';
import type { DocumentVersion, ProductDocument } from '#contracts/catalog';
import { Badge } from '../components/ui/badge.tsx';
import { buttonClasses } from '../components/ui/button.tsx';

function dates(doc: DocumentVersion, t: TFunction<'documents'>): string {
  const parts = [t('version', { n: doc.version })];
  if (doc.issued_on) parts.push(t('issued', { day: doc.issued_on }));
  if (doc.expires_on) parts.push(doc.status === 'expired' ? t('expiredOn', { day: doc.expires_on }) : t('validUntil', { day: doc.expires_on }));
  return parts.join(' · ');
}

function DownloadLink({ doc, t, compact }: { doc: DocumentVersion; t: TFunction<'documents'>; compact?: boolean }) {
  return (
    <a href={doc.url} download className={buttonClasses({ variant: compact ? 'ghost' : 'secondary', size: 'sm' })}>
      <Download aria-hidden="true" className="h-4 w-4" /> {t('download')}
      <span className="sr-only"> {doc.name}, {t('version', { n: doc.version })}</span>
    </a>
  );
}

/** The current version of each regulatory document with its dates; an expired certificate is marked, never current. */
export function ProductDocuments({ documents }: { documents: ProductDocument[] }) {
  const { t } = useTranslation('documents');
  if (documents.length === 0) return <p className="text-slate-600">{t('noDocuments')}</p>;
  return (
    <ul className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {documents.map((doc) => (
        <li key={doc.id} className="px-4 py-3">
          <div className="flex flex-wrap items-center gap-3">
            <FileText aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-700" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {doc.name}
                <Badge tone={doc.status === 'current' ? 'success' : 'warning'}>{t('status', { context: doc.status })}</Badge>
              </p>
              <p className="text-xs text-slate-500">{doc.type} · {doc.size} · {dates(doc, t)}</p>
            </div>
            <DownloadLink doc={doc} t={t} />
          </div>
          {doc.previous_versions.length > 0 && (
            <details className="ms-11 mt-2 text-sm">
              <summary className="cursor-pointer text-brand-700">{t('olderVersions', { n: doc.previous_versions.length })}</summary>
              <ul className="mt-1 space-y-1">
                {doc.previous_versions.map((old) => (
                  <li key={old.id} className="flex flex-wrap items-center justify-between gap-2 text-slate-600">
                    <span>{dates(old, t)} · {t('status', { context: old.status })}</span>
                    <DownloadLink doc={old} t={t} compact />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
