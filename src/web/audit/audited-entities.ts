import type { TFunction } from 'i18next';
import { AUDITED_ENTITIES, type AuditedEntity } from '#contracts/audit';

export const isAudited = (entity: string): entity is AuditedEntity => (AUDITED_ENTITIES as readonly string[]).includes(entity);

/** A record kind in the visitor's language; a kind this storefront does not know keeps its own name. */
export const entityLabel = (t: TFunction<'audit-log'>, entity: string): string => (isAudited(entity) ? t(`entities.${entity}`) : entity);
