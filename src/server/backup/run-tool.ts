import { spawn } from 'node:child_process';

/** Runs a command-line tool (tar, pg_dump, pg_restore) to its end; a failure carries what it printed. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let printed = '';
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.on('error', (err) => reject(new Error(`${command} could not start: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${printed.trim()}`))));
  });
}
