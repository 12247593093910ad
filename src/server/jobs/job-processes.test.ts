import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/schema/job-runs.ts';
import { startApiProcess, type ApiProcess } from '../scale/api-process.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { TICK_MS } from './job-scheduler.ts';
import { periodicJobs, type JobDeps } from './jobs.ts';

// Two real API processes of the shop on one PostgreSQL database, each running its job scheduler: every periodic job
// runs once per period across both. PGlite is one process's own database, so this runs only with TEST_DATABASE_URL.
// The shop's periods are minutes long; a period is made to pass by moving each job's last claim back one whole period
// in job_runs, which is what the clock would do, and each process then finds the job due at its next look.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Every periodic job of the shop, by name and period (the deps are only read when a job runs, in the processes). */
const JOBS = periodicJobs({} as JobDeps).map(({ name, everyMs }) => ({ name, everyMs }));
/** Long enough for every process to have looked at the jobs at least once more. */
const EVERY_PROCESS_LOOKED = TICK_MS + 1_000;

let database: Database & { url?: string };
let first: ApiProcess | undefined;
let second: ApiProcess | undefined;

beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
});

const start = () => startApiProcess({ DATABASE_URL: database.url!, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'production' });

/** Each job's runs, and whether its last run has finished (and without error). */
async function runsByJob() {
  const rows = await database.db.select().from(jobRuns);
  return Object.fromEntries(rows.map((row) => [row.name, {
    runs: row.runs,
    finished: row.lastFinishedAt !== null && row.lastFinishedAt >= row.lastStartedAt,
    error: row.lastError,
  }]));
}
const expected = (runs: number) => Object.fromEntries(JOBS.map(({ name }) => [name, { runs, finished: true, error: null }]));

/** Waits until every job has finished `runs` runs. */
async function expectRunsEach(runs: number) {
  const deadline = Date.now() + TICK_MS + 5_000;
  while (JSON.stringify(await runsByJob()) !== JSON.stringify(expected(runs)) && Date.now() < deadline) await sleep(200);
  expect(await runsByJob()).toEqual(expected(runs));
}

/** As expectRunsEach; then long enough that each process looked at the jobs again, and the count held. */
async function expectRunsEachOnce(runs: number) {
  await expectRunsEach(runs);
  await sleep(EVERY_PROCESS_LOOKED);
  expect(await runsByJob()).toEqual(expected(runs));
}

/** One period passes for every job: its last claim moves back by its own period. */
async function onePeriodPasses() {
  for (const { name, everyMs } of JOBS) {
    await database.db.execute(sql`update job_runs set last_started_at = last_started_at - ${`${everyMs} milliseconds`}::interval
      where name = ${name}`);
  }
}

async function isReady(process: ApiProcess) {
  const res = await fetch(`${process.base}/api/ready`);
  return { status: res.status, body: await res.json() as unknown };
}
const READY = { status: 200, body: { status: 'ready', checks: { database: true, migrations: true, jobs: true } } };

describe.skipIf(!onPostgres)('periodic jobs in two API processes on one PostgreSQL', () => {
  it('run once per period across both processes; with one stopped, the other runs them', async () => {
    expect(JOBS.map((job) => job.name)).toContain('reservation-sweep');

    // Both start at once, and each looks at the jobs as it starts: one of them runs each job.
    [first, second] = await Promise.all([start(), start()]);
    expect([await isReady(first), await isReady(second)]).toEqual([READY, READY]);
    await expectRunsEachOnce(1);

    // A period later, whichever looks first runs the job; the other finds it taken.
    await onePeriodPasses();
    await expectRunsEachOnce(2);
    expect([await isReady(first), await isReady(second)]).toEqual([READY, READY]);

    // The first process stops: the second one runs the jobs on its own.
    expect(first.output()).not.toMatch(/job (failed|claim failed)|job outcome not recorded/);
    await first.stop();
    first = undefined;
    await onePeriodPasses();
    await expectRunsEach(3);
    expect(await isReady(second)).toEqual(READY);
    expect(second.output()).not.toMatch(/job (failed|claim failed)|job outcome not recorded/);
  }, 90_000);
});
