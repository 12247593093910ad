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
