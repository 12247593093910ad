import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Fetch options for a JSON POST with these headers (a buyer's Authorization, say). */
export const postJson = (headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}): RequestInit => ({
  method: 'POST', headers: { ...headers, ...extra, 'content-type': 'application/json' }, body: JSON.stringify(body),
});

export interface ApiProcess {
  base: string;
  output(): string;
  /** The exit code or signal once the process has ended, null while it runs. */
  exited(): number | NodeJS.Signals | null;
  stop(): Promise<void>;
}

/** Starts `src/server/main.ts` as its own process, as production runs it, and waits for its health check. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-process-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`API process did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    output: () => output,
    exited: () => child.exitCode ?? child.signalCode,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
