import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';

/** A message between the load generator and a server process it started: `kind` names the question and its answer. */
export interface BenchMessage {
  kind: string;
  [field: string]: unknown;
}

export interface BenchProcess {
  /** Where it listens, and whatever else it said when ready. */
  ready: BenchMessage & { url: string };
  /** Asks, and resolves with the next answer of the same kind. */
  ask<T extends BenchMessage>(message: BenchMessage): Promise<T>;
  close(): Promise<void>;
}

const nextOfKind = (child: ChildProcess, kind: string) => new Promise<BenchMessage>((resolve, reject) => {
  const onMessage = (message: BenchMessage) => {
    if (message.kind !== kind) return;
    child.off('message', onMessage);
    child.off('exit', onExit);
    resolve(message);
  };
  const onExit = (code: number | null) => reject(new Error(`${kind}: the process exited (${code}) before answering`));
  child.on('message', onMessage);
  child.once('exit', onExit);
});

/**
 * Starts `file` (under bench/support) in a Node process of its own, with an IPC channel, and waits for its `ready`.
 * `execArgv` adds Node flags (a CPU profile).
 */
export async function startBenchProcess(file: string, env: Record<string, string>, execArgv: string[] = []): Promise<BenchProcess> {
  const child = fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A load generator that fails leaves no server behind.
  process.once('exit', () => child.kill());
  const ready = await nextOfKind(child, 'ready') as BenchProcess['ready'];
  return {
    ready,
    ask: async <T extends BenchMessage>(message: BenchMessage) => {
      const answer = nextOfKind(child, message.kind);
      child.send(message);
      return answer as Promise<T>;
    },
    close: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send({ kind: 'close' });
    }),
  };
}

/** Answers the load generator's messages in a server process; `close` is answered by exiting once `onClose` is done. */
export function serveBenchMessages(answers: Record<string, (message: BenchMessage) => Promise<BenchMessage>>, onClose: () => Promise<void>) {
  process.on('message', (message: BenchMessage) => {
    if (message.kind === 'close') {
      void onClose().then(() => process.exit(0));
      return;
    }
    void answers[message.kind](message).then((answer) => process.send!(answer));
  });
}

/** The one-minute load average. */
export const loadAverage = () => loadavg()[0];

/**
 * Waits until the one-minute load average has fallen to `below` (what the previous row left running has finished),
 * for at most `maxSeconds`; returns the load average then.
 */
export async function settledLoad(below: number, maxSeconds: number): Promise<number> {
  for (let waited = 0; loadAverage() > below && waited < maxSeconds; waited++) await new Promise((resolve) => setTimeout(resolve, 1_000));
  return loadAverage();
}
