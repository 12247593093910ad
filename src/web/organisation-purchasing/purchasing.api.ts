import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createDepartment, listDepartments, listLimits, setLimit, setPurchaseOrderRule, updateDepartment,
  type CreateDepartmentBody, type SetLimitBody,
} from '#contracts/organisation-purchasing';
import type { ResponseOf } from '#contracts/define';
import { apiFetch } from '../lib/api.ts';

export type DepartmentsAnswer = ResponseOf<typeof listDepartments>;

const departmentsKey = ['organisation-departments'] as const;
const limitsKey = ['organisation-limits'] as const;

/** Every member may read the departments; 404 for someone in no organisation, who orders for themselves. */
export const departmentsQuery = () => queryOptions({
  queryKey: departmentsKey,
  queryFn: ({ signal }) => apiFetch(listDepartments, { signal }),
});

/** The organisation's spending limits: its own, its departments' and its members'. */
export const limitsQuery = () => queryOptions({
  queryKey: limitsKey,
  queryFn: ({ signal }) => apiFetch(listLimits, { signal }),
});

/** Adding or changing a department, and the purchase-order rule, answer the departments as they now are. */
function useDepartmentsMutation<Input>(call: (input: Input) => Promise<DepartmentsAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(departmentsKey, answer),
  });
}

export const useCreateDepartment = () =>
  useDepartmentsMutation((body: CreateDepartmentBody) => apiFetch(createDepartment, { body }));

export const useUpdateDepartment = () =>
  useDepartmentsMutation(({ id, body }: { id: number; body: CreateDepartmentBody }) => apiFetch(updateDepartment, { params: { id }, body }));

export const useSetPurchaseOrderRule = () =>
  useDepartmentsMutation((required: boolean) => apiFetch(setPurchaseOrderRule, { body: { required } }));

/** Setting one row's limits answers every limit of the organisation. */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetLimitBody) => apiFetch(setLimit, { body }),
    onSuccess: (answer) => queryClient.setQueryData(limitsKey, answer),
  });
}
