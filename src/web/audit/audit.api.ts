import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listAudit, type AuditedEntity } from '#contracts/audit';
import { apiFetch } from '../lib/api.ts';
import { isAudited } from './audited-entities.ts';

/** Every audit query starts with this key: a staff write refetches the trails shown. */
export const auditKey = ['audit'] as const;

/** One record's trail, newest first. */
export const auditTrailQuery = (entity: AuditedEntity, id: string, page: number) =>
  queryOptions({
    queryKey: [...auditKey, entity, id, page],
    queryFn: ({ signal }) => apiFetch(listAudit, { query: { entity, id, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const AUDIT_FILTERS = ['entity', 'action', 'actor', 'from', 'to'] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTERS)[number], string>;

/** The whole trail, filtered; empty filters, and a kind of record the shop does not keep, are left out. */
export const auditLogQuery = (filters: AuditFilters, page: number) => {
  const { entity, ...rest } = filters;
  const query = {
    ...(isAudited(entity) ? { entity } : {}),
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== '')),
  };
  return queryOptions({
    queryKey: [...auditKey, 'log', query, page],
    queryFn: ({ signal }) => apiFetch(listAudit, { query: { ...query, page }, signal }),
    placeholderData: keepPreviousData,
  });
};
