import Fastify from 'fastify';
import { serveBenchMessages } from './bench-process.ts';

/** A plain Fastify JSON route in a process of its own: the ceiling bench/api-load.ts compares every route with. */
const app = Fastify({ logger: false });
app.get('/bench/baseline', async () => ({ results: [], count: 0, next: null, previous: null }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
serveBenchMessages({}, () => app.close());
process.send!({ kind: 'ready', url });
