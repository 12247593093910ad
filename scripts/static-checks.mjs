// `npm test`'s first step: the type check, the language check, ESLint and the schema check side by side (each uses one
// core), each one's output printed when it ends; fails when any of them fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (file) => path.join(root, 'node_modules', file);
const checks = [
  ['typecheck', [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']],
  ['locales', ['--import', 'tsx', 'scripts/check-locales.ts']],
  ['lint', [bin('eslint/bin/eslint.js'), '.']],
  ['schema', ['scripts/check-schema-drift.mjs']],
];

const run = ([name, args]) => new Promise((resolve) => {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  child.on('close', (code) => {
    console.log(`== ${name}: ${code === 0 ? 'passed' : `failed (exit code ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
    if (output.trim()) console.log(output.trimEnd());
    resolve(code === 0);
  });
});

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
