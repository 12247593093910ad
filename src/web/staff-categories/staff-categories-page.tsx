import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, ShieldCheck, Trash2, TriangleAlert } from 'lucide-react';
import { deleteCategory, type StaffCategory } from '#contracts/staff-categories';
import { staffAccess } from '#contracts/staff-roles';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { isApiError } from '../lib/api.ts';
import { StaffEditorPage, StaffRecordList } from '../staff/staff-editor-page.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { CategoryForm } from './category-form.tsx';
import { staffCategoriesQuery, useDeleteCategory, useReorderCategories } from './staff-categories.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** The ids with the one at `index` swapped with its neighbour `by` places away. */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

function ConfirmDelete({ category, onClose }: { category: StaffCategory; onClose: () => void }) {
  const { t } = useTranslation('staff-categories');
  const errorText = useErrorText();
  const remove = useDeleteCategory();
  const confirm = () => remove.mutate(category.id, {
    onSuccess: () => {
      notify.success(t('deleted'), category.name);
      onClose();
    },
    onError: (error) => notify.error(t('deleteFailed'), isApiError(error, deleteCategory, 'CATEGORY_NOT_EMPTY')
      ? t('notEmpty', { count: category.product_count }) : errorText(error)),
  });
  return (
    <Modal open alert icon={TriangleAlert} title={t('deleteTitle', { name: category.name })} description={t('deleteText')}
      onOpenChange={(open) => !open && onClose()}>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>{t('keep')}</Button>
        <Button className="bg-red-700 hover:bg-red-800" disabled={remove.isPending} onClick={confirm}>
          {remove.isPending ? t('deleting') : t('delete')}
        </Button>
      </div>
    </Modal>
  );
}

function CategoryRow({ category, position, total, onMove, onEdit, onDelete }: {
  category: StaffCategory;
  position: number;
  total: number;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('staff-categories');
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="category-row">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <DataText as="h3" className="font-bold text-slate-900">{category.name}</DataText>
          {category.restricted && <Badge tone="warning"><ShieldCheck aria-hidden="true" className="me-1 h-3.5 w-3.5" />{t('restrictedBadge')}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          <bdi dir="ltr">/{category.slug}</bdi> · {t('productCount', { count: category.product_count })}
        </p>
        {(category.translations.ur || category.translations.ar) && (
          <p className="flex flex-wrap gap-x-4 text-sm text-slate-600">
            {category.translations.ur && <span lang="ur" dir="rtl">{category.translations.ur.name}</span>}
            {category.translations.ar && <span lang="ar" dir="rtl">{category.translations.ar.name}</span>}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="icon" variant="secondary" aria-label={t('moveUp', { name: category.name })} disabled={position === 0}
          onClick={() => onMove(-1)}>
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button size="icon" variant="secondary" aria-label={t('moveDown', { name: category.name })} disabled={position === total - 1}
          onClick={() => onMove(1)}>
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden="true" className="me-1 h-4 w-4" />{t('edit')}
        </Button>
        <Button size="sm" variant="secondary" className="text-red-700" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="me-1 h-4 w-4" />{t('delete')}
        </Button>
      </div>
    </Card>
  );
}

function CategoryManagement() {
  const { t } = useTranslation('staff-categories');
  const errorText = useErrorText();
  const list = useQuery(staffCategoriesQuery());
  const reorder = useReorderCategories();
  const [editing, setEditing] = useState<StaffCategory | null>(null);
  const [deleting, setDeleting] = useState<StaffCategory | null>(null);

  const move = (categories: readonly StaffCategory[], index: number, by: -1 | 1) =>
    reorder.mutate(moved(categories.map((category) => category.id), index, by), {
      onSuccess: () => notify.success(t('reordered')),
      onError: (error) => notify.error(t('reorderFailed'), errorText(error)),
    });

  return (
    <StaffEditorPage title={t('pageTitle')} heading={t('heading')} intro={t('intro')}>
      <CategoryForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <StaffRecordList id="categories-heading" heading={t('listHeading')} query={list} items={list.data?.categories} ordered
        texts={{ loadFailed: t('loadFailed'), none: t('none') }}
        renderItem={(category, index, all) => (
          <CategoryRow category={category} position={index} total={all.length}
            onMove={(by) => move(all, index, by)}
            onEdit={() => {
              setEditing(category);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            onDelete={() => setDeleting(category)} />
        )} />
      {deleting && <ConfirmDelete category={deleting} onClose={() => setDeleting(null)} />}
    </StaffEditorPage>
  );
}

/** /staff/categories (inside the sign-in guard): catalogue staff and the owner; everyone else is sent home. */
export function StaffCategoriesPage() {
  const { t } = useTranslation('staff-categories');
  return <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}><CategoryManagement /></StaffOnly>;
}
