import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { StaffRole } from './staff-roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint: the single source of truth for its path, inputs and answer. */
export interface Contract {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/products/:slug/`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer (200 unless stated). */
  status?: 200 | 201 | 202 | 204;
  /** Every error code the route may answer with (its sign-in guard's included). */
  errors?: readonly ErrorCode[];
  /** A staff route: the roles besides the owner that may call it (`staffAccess` in staff-roles.ts). */
  staff?: readonly StaffRole[];
}

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferInput<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<C extends Contract> = Infer<C['params']>;
export type QueryOf<C extends Contract> = Infer<C['query']>;
export type BodyOf<C extends Contract> = Infer<C['body']>;
export type ResponseOf<C extends Contract> = z.infer<C['response']>;
export type InputOf<C extends Contract> = {
  params: InferInput<C['params']>;
  query: InferInput<C['query']>;
  body: InferInput<C['body']>;
};

/**
 * The error codes a contract declares; for a list of contracts (a service several routes reach), the codes every one
 * of them declares.
 */
export type ErrorCodeOf<C extends Contract | readonly Contract[]> = C extends readonly [
  infer First extends Contract,
  ...infer Rest extends readonly Contract[],
]
  ? ErrorCodeOf<First> & ErrorCodeOf<Rest>
  : C extends readonly []
    ? ErrorCode
    : C extends { errors: readonly (infer Code extends ErrorCode)[] }
      ? Code
      : never;
