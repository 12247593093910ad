import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobScheduler {
  start(): void;
  /** Stops claiming; resolves once the jobs in flight have finished. */
  stop(): Promise<void>;
  /** Claims and runs every job whose period has passed; resolves when they have finished. */
  tick(): Promise<void>;
  /** Started, not stopped, and the last look at the jobs reached the database. */
  running(): boolean;
}

/** How often a process looks for a job whose period has passed. */
export const TICK_MS = 5_000;

/**
 * Runs each job once per period across every process on the database. A process claims a run by moving the job's
 * `last_started_at` forward in one statement that only succeeds when a whole period has passed since the last claim;
 * the row lock makes every other process's claim in that period fail. A process that dies mid-run loses that run; the
 * next period runs it again (every job is a sweep that picks up where the last one stopped).
 */
export function createJobScheduler({ db, log, jobs, tickMs = TICK_MS }: {
  db: Db; log: FastifyBaseLogger; jobs: PeriodicJob[]; tickMs?: number;
}): JobScheduler {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let healthy = true;
  const inFlight = new Set<Promise<void>>();

  async function claim(job: PeriodicJob): Promise<boolean> {
    const rows = rowsOf<{ name: string }>(await db.execute(sql`
      insert into job_runs (name, last_started_at) values (${job.name}, now())
      on conflict (name) do update set last_started_at = now()
        where job_runs.last_started_at <= now() - ${`${job.everyMs} milliseconds`}::interval
      returning name`));
    return rows.length > 0;
  }

  async function runClaimed(job: PeriodicJob): Promise<void> {
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, 'job failed');
    }
    await db.execute(sql`update job_runs set last_finished_at = now(), last_error = ${error}, runs = runs + 1 where name = ${job.name}`)
      .catch((err: unknown) => log.error({ err, job: job.name }, 'job outcome not recorded'));
  }

  async function tick(): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const job of jobs) {
      let claimed: boolean;
      try {
        claimed = await claim(job);
        healthy = true;
      } catch (err) {
        healthy = false;
        log.error({ err, job: job.name }, 'job claim failed');
        continue;
      }
      if (!claimed) continue;
      const run = runClaimed(job).finally(() => inFlight.delete(run));
      inFlight.add(run);
      runs.push(run);
    }
    await Promise.all(runs);
  }

  return {
    start() {
      started = true;
      void tick();
      timer = setInterval(() => void tick(), tickMs);
      timer.unref();
    },
    async stop() {
      started = false;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
    tick,
    running: () => started && healthy,
  };
}
