// `npm start`: build the storefront if needed, then run the server (migrations and demo seed happen at start-up).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildStorefrontIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildStorefrontIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
