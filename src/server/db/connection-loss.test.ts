import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The PostgreSQL driver losing a connection in the middle of its work, as when PostgreSQL stops or restarts
// (patches/postgres+3.4.9.patch). Only this file's own sessions are ended (pg_terminate_backend); the server runs on.
const url = process.env.TEST_DATABASE_URL;
const table = `connection_loss_${randomBytes(4).toString('hex')}`;

let admin: postgres.Sql;
const clients: postgres.Sql[] = [];

/**
 * One connection, reconnecting at once: what a query after the loss meets is the fresh session. `socket` (which
 * postgres.js reads but leaves out of its option types) makes the connection's sockets.
 */
function client(options: postgres.Options<Record<string, never>> & { socket?: () => Socket } = {}) {
  const sql = postgres(url!, { max: 1, onnotice: () => {}, backoff: () => 0, ...options } as postgres.Options<Record<string, never>>);
  clients.push(sql);
  return sql;
}

const pidOf = async (sql: postgres.Sql | postgres.TransactionSql) => (await sql`select pg_backend_pid() as pid`)[0].pid as number;

/** Ends the session once it sleeps in pg_sleep, so what it sent before (rows, the transaction's start) has gone out. */
async function terminateWhenAsleep(pid: number) {
  await expect.poll(async () => (await admin`select wait_event from pg_stat_activity where pid = ${pid}`)[0]?.wait_event,
    { timeout: 10_000, interval: 20 }).toBe('PgSleep');
  await admin`select pg_terminate_backend(${pid})`;
}

const failure = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: { code?: string }) => error.code);

beforeAll(async () => {
  if (!url) return;
  admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create table ${table} (n int)`);
});
afterAll(async () => {
  if (!url) return;
  await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
  await admin.unsafe(`drop table if exists ${table}`);
  await admin.end();
});

describe.skipIf(!url)('a database connection lost in the middle of its work', () => {
  it('fails the transaction with CONNECTION_CLOSED, sends nothing more for it, and the process lives on', async () => {
    const sql = client();
    const pid = await pidOf(sql);
    let afterLoss: unknown;
    const transaction = sql.begin(async (tx) => {
      await tx.unsafe(`insert into ${table} values (1)`);
      await Promise.all([tx`select pg_sleep(30)`, terminateWhenAsleep(pid)]).catch(() => {});
      // The pool has a fresh session by now: a statement of the lost transaction must not run there, outside it.
      await sql`select 1`;
      afterLoss = await failure(tx.unsafe(`insert into ${table} values (2)`));
    });
    expect(await failure(transaction)).toBe('CONNECTION_CLOSED');
    await expect.poll(() => afterLoss).toBe('CONNECTION_CLOSED');
    expect(await admin.unsafe(`select n from ${table}`)).toEqual([]);
  });

  it('answers the next query on the fresh session with its own result: not the old session\'s error, nor its rows', async () => {
    const sql = client();
    const pid = await pidOf(sql);
    // 20 kB of rows go out before the sleep, the rest never does.
    const rows = sql`select repeat('x', 100) as x from generate_series(1, 200) union all select pg_sleep(30)::text`;
    const [lost] = await Promise.all([failure(rows), terminateWhenAsleep(pid)]);
    expect(lost).toBe('CONNECTION_CLOSED');
    const next = await sql`select 1 as one`;
    expect([...next]).toEqual([{ one: 1 }]);
  });

  it('lets a reserved connection whose session ended fail its next query instead of the process', async () => {
    const sql = client();
    const reserved = await sql.reserve();
    const pid = await pidOf(reserved);
    expect(await failure(Promise.all([reserved`select pg_sleep(30)`, terminateWhenAsleep(pid)]))).toBe('CONNECTION_CLOSED');
    expect(await failure(reserved`select 1`)).toBe('CONNECTION_CLOSED');
  });

  it('drops a write still waiting to go out when its socket closes, and the reconnected session works', async () => {
    let socket: Socket | undefined;
    const sql = client({
      // A short connect timeout makes a reconnection that never sends its start-up message fail quickly.
      connect_timeout: 3,
      socket: () => {
        socket = new Socket();
        return socket.connect(Number(new URL(url!).port || 5432), new URL(url!).hostname);
      },
    });
    await sql`select 1`;
    // A query asked for from an immediate callback is written on the next turn of the event loop; the socket closed in
    // the same callback is closed before that turn.
    const query = await new Promise<Promise<string | undefined>>((resolve) => setImmediate(() => {
      resolve(failure(sql`select 2`));
      queueMicrotask(() => socket!.destroy());
    }));
    expect(await query).toBe('CONNECTION_CLOSED');
    expect([...await sql`select 3 as three`]).toEqual([{ three: 3 }]);
  });
});
