import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from './app.ts';
import { holdDataDir } from './backup/data-dir-lock.ts';
import { loadJwtSecret } from './auth/jwt-secret.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './startup.ts';
import { createMailer } from './lib/mailer.ts';
import { LOGGER_OPTIONS } from './logger-options.ts';
import { loadPageRenderer } from './storefront/page-renderer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

function configOrExit(): Config {
  try {
    return loadConfig(process.env, version);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const line of err.message.split('\n')) console.error(`Invalid configuration: ${line}`);
    process.exit(1);
  }
}

const config = configOrExit();
const logger = pino({ level: config.LOG_LEVEL, ...LOGGER_OPTIONS });
const database = await openDatabase(config).catch((err: Error) => {
  console.error(`Cannot open the database (${config.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR'}): ${err.message}`);
  process.exit(1);
});
const releaseDataDir = config.DATABASE_URL ? () => {} : holdDataDir(config.DATA_DIR);
await prepareDatabase(database, config, logger);
const mailer = createMailer({ from: config.MAIL_FROM, url: config.MAIL_URL, folder: path.join(config.DATA_DIR, 'mail'), log: logger });
const jwtSecret = loadJwtSecret(config);
const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
const rateLimitRedis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
rateLimitRedis?.on('error', (err) => logger.error({ err }, 'rate limit store (Redis) failed'));
const createPageRenderer = await loadPageRenderer(path.join(root, 'dist/ssr/render-page.js'));
const app = await buildApp({
  config, database, mailer, jwtSecret, publicUrl, webRoot: path.join(root, 'dist/web'), createPageRenderer, logger, rateLimitRedis,
});

// Once: Ctrl-C in a terminal signals npm and the shop alike, and npm passes its signal on; a second signal must not cut
// short the shutdown the first began.
let stopping: Promise<never> | undefined;
const shutdown = async (signal: NodeJS.Signals): Promise<never> => {
  logger.info({ signal }, 'shutting down');
  await app.close();
  rateLimitRedis?.disconnect();
  await database.close();
  releaseDataDir();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void (stopping ??= shutdown(signal)));

await app.listen({ port: config.PORT, host: config.HOST });
