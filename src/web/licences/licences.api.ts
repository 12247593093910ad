import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getLicenceGate, listLicenceBlocks, listMyLicences, listRestrictedCategories, listStaffLicences, rejectLicence, setCategoryRestricted,
  uploadLicence, verifyLicence, type LicenceStatus,
} from '#contracts/licences';
import { openPrivateFile } from '../lib/download.ts';
import { apiFetch } from '../lib/api.ts';

const licencesKey = ['licences'] as const;
const staffKey = ['staff', 'licences'] as const;

export const myLicencesQuery = () =>
  queryOptions({ queryKey: [...licencesKey, 'mine'], queryFn: ({ signal }) => apiFetch(listMyLicences, { signal }) });

/** Depends on the cart: re-read whenever the cart changes. */
export const licenceGateQuery = (cartKey: unknown) =>
  queryOptions({ queryKey: [...licencesKey, 'gate', cartKey], queryFn: ({ signal }) => apiFetch(getLicenceGate, { signal }) });

export function useUploadLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiFetch(uploadLicence, { body: form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: licencesKey }),
  });
}

export const staffLicencesQuery = (status: LicenceStatus | undefined) =>
  queryOptions({ queryKey: [...staffKey, status], queryFn: ({ signal }) => apiFetch(listStaffLicences, { query: { status }, signal }) });
export const licenceBlocksQuery = (page: number) =>
  queryOptions({ queryKey: [...staffKey, 'blocks', page], queryFn: ({ signal }) => apiFetch(listLicenceBlocks, { query: { page }, signal }) });
export const restrictedCategoriesQuery = () =>
  queryOptions({ queryKey: [...staffKey, 'categories'], queryFn: ({ signal }) => apiFetch(listRestrictedCategories, { signal }) });

export function useReviewLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reject }: { id: number; reject?: string }) => (reject === undefined
      ? apiFetch(verifyLicence, { params: { id } })
      : apiFetch(rejectLicence, { params: { id }, body: { reason: reject } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useSetRestricted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, restricted }: { id: number; restricted: boolean }) =>
      apiFetch(setCategoryRestricted, { params: { id }, body: { restricted } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Licence files are private: fetched with the session and opened from memory, never by a public link. */
export const openLicenceFile = openPrivateFile;
