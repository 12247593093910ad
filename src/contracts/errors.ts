import { z } from 'zod';

/** The one error shape every API failure answers with. */
export const errorBody = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
