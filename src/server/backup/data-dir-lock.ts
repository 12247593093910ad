import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The embedded database is one process's files: the shop marks the data directory while it runs on it, so that a
// backup or a restore never opens the same files beside it.
const pidFile = (dataDir: string) => path.join(dataDir, 'shop.pid');

export function holdDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(pidFile(dataDir), String(process.pid));
  return () => rmSync(pidFile(dataDir), { force: true });
}

/** The process running the shop on this data directory, if one is. */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export function refuseWhileHeld(dataDir: string, doing: string): void {
  const pid = dataDirHolder(dataDir);
  if (pid !== null) {
    throw new Error(`The shop (process ${pid}) is running on ${dataDir}: stop it before ${doing}, or run the shop on PostgreSQL (DATABASE_URL) to back it up while it runs.`);
  }
}
