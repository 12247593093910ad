import { eq, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuditedEntity } from '#contracts/audit';
import type { Contract } from '#contracts/define';
import { currentUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import type { RouteAudit, RouteRequest } from '../lib/route.ts';
import { recordAudit } from './audit.ts';

export interface AuditedWrite<C extends Contract> {
  /** The action, or how the request names it (a stock movement by its kind: 'stock.receive'). */
  action: string | ((request: RouteRequest<C>) => string);
  entity: AuditedEntity;
  /** The record's id from the request; for a creation, from the answer. */
  id: ((request: RouteRequest<C>) => string | number) | { fromAnswer: (answer: never) => string | number };
  /** The record as the trail keeps it (undefined when it does not exist). */
  snapshot: (id: string) => Promise<unknown>;
}

/** Records the staff member, the record before the write (for an existing one) and after it. */
export function audited<C extends Contract>(db: Db, write: AuditedWrite<C>): RouteAudit<C> {
  return async <R>(request: RouteRequest<C>, run: () => Promise<R>) => {
    const knownId = typeof write.id === 'function' ? String(write.id(request)) : null;
    const before = knownId === null ? undefined : await write.snapshot(knownId);
    const answer = await run();
    const id = knownId ?? String((write.id as { fromAnswer: (answer: R) => string | number }).fromAnswer(answer));
    await recordAudit(db, currentUser(request), {
      action: typeof write.action === 'function' ? write.action(request) : write.action, entity: write.entity, entityId: id, before, after: await write.snapshot(id),
    });
    return answer;
  };
}

/** A snapshot of the row of `table` whose `column` holds the id. */
export const rowOf = (db: Db, table: PgTable, column: Column, parse: (id: string) => string | number = Number) =>
  async (id: string): Promise<unknown> => (await db.select().from(table).where(eq(column, parse(id))).limit(1))[0];
