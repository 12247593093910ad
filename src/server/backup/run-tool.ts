import { spawn } from 'node:child_process';

/**
 * Runs a command-line tool (tar, pg_dump, pg_restore) to its end, its output into the file descriptor `stdout` if
 * given; a failure carries what it printed on stderr.
 */
export function runTool(command: string, args: string[], stdout?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', stdout ?? 'ignore', 'pipe'] });
    let printed = '';
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.on('error', (err) => reject(new Error(`${command} could not start: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${printed.trim()}`))));
  });
}
