import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createCategory, deleteCategory, listStaffCategories, reorderCategories, updateCategory, uploadCategoryImage, type CategoryInput,
  type StaffCategory,
} from '#contracts/staff-categories';
import { apiFetch } from '../lib/api.ts';

const staffKey = ['categories', 'staff'] as const;

export const staffCategoriesQuery = () =>
  queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => apiFetch(listStaffCategories, { signal }) });

/** Any change shows in the storefront's menus, category pages and filters: they refetch too. */
function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: staffKey }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ]);
}

/** Creates a category, or changes the one with `id`. */
export function useSaveCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CategoryInput }) =>
      id === null ? apiFetch(createCategory, { body }) : apiFetch(updateCategory, { params: { id }, body }),
    onSettled: invalidate,
  });
}

/** Sends the new order, showing it at once and going back to the stored one if it is refused. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (ids: number[]) => apiFetch(reorderCategories, { body: { ids } }),
    onMutate: (ids) => {
      queryClient.setQueryData(staffKey, (list: { categories: StaffCategory[] } | undefined) => list && {
        categories: ids.map((id) => list.categories.find((category) => category.id === id)).filter((c) => c !== undefined),
      });
    },
    onSettled: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: number) => apiFetch(deleteCategory, { params: { id } }),
    onSettled: invalidate,
  });
}

/** Sends a picture for the category; the server encodes it and answers the category with its new image path. */
export function useUploadCategoryImage() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiFetch(uploadCategoryImage, { params: { id }, body: form });
    },
    onSettled: invalidate,
  });
}
