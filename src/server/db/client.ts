import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { PgDialect, type AnyPgColumn, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { schema, type Schema } from './schema.ts';
import { SESSION_SETTINGS } from './session-settings.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * A database or a transaction: what a query helper takes when it runs alone as well as inside a caller's
 * transaction. A transaction is a database to Drizzle, so no cast is needed to pass one.
 */
export type DbOrTx = Db | Tx;
export type DatabaseKind = 'pglite' | 'postgres';

/** A LISTEN on one channel. */
export interface Listening {
  /** Resolves once every notification committed before the call has been handed to `onNotify`. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears the channel's notifications. `onLost` is called when some may have been missed (the listening connection
   * closed); the next `caughtUp()` listens again.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<Listening>;
}

const MIGRATION_LOCK = 7_270_736_901;
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface QueryObserver {
  /** Hears every statement the shop sends through Drizzle (not the BEGIN and COMMIT around a transaction): benchmarks and statement budgets count them. */
  onQuery?: (statement: string) => void;
}

const drizzleOptions = ({ onQuery }: QueryObserver) => ({ schema, ...(onQuery ? { logger: { logQuery: onQuery } } : {}) });

/**
 * Runs a statement the cart and checkout send on every request as a prepared statement. On PostgreSQL, postgres.js
 * then parses it once per connection and sends each later run as Bind and Execute: one round trip, no parse. Drizzle
 * asks postgres.js for that only through `.prepare(name)` (the name itself is not used); any other statement goes
 * unnamed, parsed anew, with a first round trip to Describe its parameter types before the one that runs it. PGlite
 * parses every statement anew either way (drizzle's PGlite driver sends each through `query()`, which has no named
 * statements), so there it changes nothing. Only for statements whose text does not vary with their values (no `in`
 * list of varying length): postgres.js keeps each prepared text until the connection closes.
 */
export function prepared<T>(query: { prepare(name: string): { execute(): Promise<T> } }, name: string): Promise<T> {
  return query.prepare(name).execute();
}

/** `column = any($1)`: one statement text for any number of ids, so that it can be prepared once. */
export const oneOf = (column: AnyPgColumn, ids: readonly number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

const dialect = new PgDialect();

/** `db.execute(query)` as a prepared statement (see `prepared`): for a hand-written query whose text never varies. */
export function executePrepared(db: Db, query: SQL, name: string): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * PGlite in `dataDir` (or in memory when dataDir is undefined), with pg_trgm and pgvector available (search creates
 * the extensions it uses; see src/server/search/embeddings/vector-store.ts).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob, observer: QueryObserver = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, vector } });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await client.query('select set_config($1, $2, false)', [name, value]);
  const db = drizzlePglite(client, drizzleOptions(observer)) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // One connection: a notification is handed over before the promise of the query that committed it resolves.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return { caughtUp: async () => {}, close: unlisten };
    },
  };
}

export interface PostgresOptions extends QueryObserver {
  max?: number;
}

/**
 * Seconds before a connection tries again after the n-th failure in a row across its pool: doubling from 50 ms to at
 * most a second, with jitter. postgres.js's own grows to 20 s, which held each query through an outage (a health check
 * too) that long before its 503, and kept the pool away that long after the database was back.
 */
export const reconnectDelay = (failures: number): number => Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const client = postgres(url, {
    max: options.max ?? 10,
    backoff: reconnectDelay,
    onnotice: () => {},
    connection: SESSION_SETTINGS,
  });
  await client`select 1`;
  const db = drizzlePostgres(client, drizzleOptions(options)) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several API processes may start at once: one migrates while the others wait on the lock.
      // A one-connection client keeps the session-level lock and the migration on the same connection.
      const single = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres(single), { migrationsFolder });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
    listen: (channel, onNotify, onLost) => listenOnPostgres(url, channel, onNotify, onLost),
  };
}

/**
 * A connection of its own that LISTENs. PostgreSQL signals a listener before the notifying commit returns and sends
 * pending notifications ahead of its next answer, so a LISTEN sent after a commit (on any connection, in any
 * process) returns only once that commit's notifications have arrived: `caughtUp()` is one such round trip, and it
 * listens again after a reconnection.
 */
async function listenOnPostgres(
  url: string, channel: string, onNotify: (payload: string) => void, onLost: () => void,
): Promise<Listening> {
  const onnotify = (heard: string, payload: string) => { if (heard === channel) onNotify(payload); };
  // postgres.js reads `onnotify` (its own listen() passes it) but leaves it out of its option types.
  const client = postgres(url, {
    max: 1, max_lifetime: null, fetch_types: false, backoff: reconnectDelay, onnotice: () => {}, onclose: onLost, onnotify,
  } as postgres.Options<Record<string, never>>);
  const roundTrip = async () => { await client.unsafe(`listen "${channel.replace(/"/g, '""')}"`); };
  await roundTrip();
  return { caughtUp: sharedRoundTrips(roundTrip), close: () => client.end({ timeout: 5 }) };
}

/**
 * One round trip at a time, shared by every caller who asked before it was sent: a round trip sent after a caller
 * asked serves that caller, so fifty readers arriving together wait for one or two round trips, not fifty.
 */
export function sharedRoundTrips(roundTrip: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  return () => {
    next ??= inFlight = inFlight.catch(() => undefined).then(() => {
      next = undefined;
      return roundTrip();
    });
    return next;
  };
}

export function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite(path.join(config.DATA_DIR, 'pglite'));
}
