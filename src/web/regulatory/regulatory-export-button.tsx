import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { REGULATORY_CSV_ROUTE } from '#contracts/regulatory-files';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { downloadFile } from '../lib/download.ts';

/** Saves every active variant's GUDID- and EUDAMED-ready record as the server writes it (the file needs the session). */
export function RegulatoryExportButton() {
  const { t } = useTranslation('regulatory');
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadFile(REGULATORY_CSV_ROUTE, 'regulatory.csv')
      .catch(() => notify.error(t('exportFailed')))
      .finally(() => setDownloading(false));
  };
  return (
    <Button variant="secondary" onClick={download} disabled={downloading} title={t('exportHint')}>
      <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {downloading ? t('exporting') : t('exportCsv')}
    </Button>
  );
}
