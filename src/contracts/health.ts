import { z } from 'zod';
import { defineContract } from './define.ts';

export const getHealth = defineContract({
  method: 'GET',
  path: '/api/health',
  response: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
  }),
});

/** Whether this process can take traffic: 200 when every check passes, 503 otherwise. */
export const getReady = defineContract({
  method: 'GET',
  path: '/api/ready',
  response: z.object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      /** The database answers a query. */
      database: z.boolean(),
      /** Every migration of this build is applied. */
      migrations: z.boolean(),
      /** The background jobs run. */
      jobs: z.boolean(),
    }),
  }),
});
