import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/free-port.ts';

/** A PostgreSQL server of the test's own, which it may stop and start again without touching the shared one. */
export interface PostgresCluster {
  /** The `postgres` database, over TCP on 127.0.0.1. */
  url: string;
  /** `pg_ctl stop` in the given mode: `fast` ends every session, `immediate` kills the server without a checkpoint. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and removes its files. */
  destroy(): Promise<void>;
}

/** The newest installed server's binaries (Debian keeps them off PATH in /usr/lib/postgresql/<major>/bin). */
export function postgresBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  return majors.map((major) => path.join(base, major, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
}

/**
 * initdb into a temporary directory and start the server on a free port. PostgreSQL refuses to run as root, so as
 * root the cluster belongs to the `postgres` user and its commands run as that user.
 */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const run = async (tool: string, args: string[]) => {
    const [file, ...rest] = [...(asRoot ? ['runuser', '-u', 'postgres', '--'] : []), path.join(bin, tool), ...args];
    await promisify(execFile)(file, rest, { cwd: dir });
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability is not what is tested: fsync off keeps start-up and commits quick on a busy machine.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      if (existsSync(path.join(data, 'postmaster.pid'))) await stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}
