import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { jobRuns } from '../db/schema/job-runs.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createJobScheduler, type PeriodicJob } from './job-scheduler.ts';

const log = pino({ level: 'silent' });
let database: Database & { url?: string };
/** A second process's view of the database: its own connections on PostgreSQL, the same database on PGlite. */
let other: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openPostgres(database.url, { max: 2 }) : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
});

describe('periodic jobs', () => {
  it('run once per period however many processes look for them', async () => {
    const runs: string[] = [];
    const job = (who: string): PeriodicJob => ({ name: 'count-once', everyMs: 400, run: async () => void runs.push(who) });
    const first = createJobScheduler({ db: database.db, log, jobs: [job('first')] });
    const second = createJobScheduler({ db: other.db, log, jobs: [job('second')] });

    for (let period = 0; period < 3; period++) {
      await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
      expect(runs).toHaveLength(period + 1);
      await sleep(450);
    }
    const [row] = await database.db.select({ runs: jobRuns.runs }).from(jobRuns).where(eq(jobRuns.name, 'count-once'));
    expect(row.runs).toBe(3);
  });

  it('records a failed run and runs the job again the next period', async () => {
    let calls = 0;
    const failing: PeriodicJob = { name: 'fails-once', everyMs: 200, run: async () => { if (++calls === 1) throw new Error('mail server away'); } };
    const scheduler = createJobScheduler({ db: database.db, log, jobs: [failing] });
    await scheduler.tick();
    await sleep(250);
    await scheduler.tick();
    expect(calls).toBe(2);
  });

  it('lets the run in flight finish on shutdown, and claims nothing after', async () => {
    let finished = false;
    let started = 0;
    const slow: PeriodicJob = { name: 'slow', everyMs: 50, run: async () => { started++; await sleep(300); finished = true; } };
    const scheduler = createJobScheduler({ db: database.db, log, jobs: [slow], tickMs: 20 });
    scheduler.start();
    expect(scheduler.running()).toBe(true);
    await sleep(100);
    await scheduler.stop();
    expect(finished).toBe(true);
    expect(scheduler.running()).toBe(false);
    const before = started;
    await sleep(100);
    expect(started).toBe(before);
  });
});
