import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ListPlus } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import type { ProductChoice } from './add-to-list-panel.tsx';

/** The form (and its form library) loads when a buyer first opens it. */
const AddPanel = lazy(async () => ({ default: (await import('./add-to-list-panel.tsx')).AddPanel }));

/** On the product page: put this product's chosen variant on one of the buyer's reorder lists with a par level. */
export function AddToReorderList(choice: ProductChoice) {
  const { t } = useTranslation('reorder-lists');
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) {
    return <Link to="/login" className="mt-3 block text-center text-sm text-brand-700 hover:underline">{t('signInToAdd')}</Link>;
  }
  return (
    <div className="mt-3">
      <Button variant="ghost" className="w-full" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ListPlus aria-hidden="true" className="h-4 w-4" /> {t('addToList')}
      </Button>
      {open && (
        <Suspense fallback={<p role="status" className="mt-3 text-sm text-slate-600">{t('loading')}</p>}>
          <AddPanel {...choice} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
