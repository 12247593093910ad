import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyOf, Contract, ErrorCodeOf, ParamsOf, QueryOf, ResponseOf } from '#contracts/define';
import type { ErrorCode } from '#contracts/errors';

export interface RouteRequest<C extends Contract> extends FastifyRequest {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
}

declare const raises: unique symbol;

/** A sign-in guard (src/server/auth/guard.ts), typed by the error codes it answers, which the guarded route's contract has to declare. */
export type Guard<Code extends ErrorCode = ErrorCode> = preHandlerAsyncHookHandler & {
  readonly [raises]?: Code;
  /** A staff guard, which only a contract naming its roles may use. */
  readonly staff?: boolean;
};

/**
 * How a staff write route is recorded in the audit trail: either its service records each change in the change's own
 * transaction ('service'), or the route reads the record before and after the write and records the pair
 * (src/server/audit/audited.ts).
 */
export type RouteAudit<C extends Contract> = 'service' | (<R>(request: RouteRequest<C>, write: () => Promise<R>) => Promise<R>);

export type RouteHandler<C extends Contract> = (
  request: RouteRequest<C>,
  reply: FastifyReply,
) => Promise<ResponseOf<C>>;

/**
 * attachValidation: the handler gets a body that failed its schema (request.validationError) and reports it itself.
 * preHandler: a sign-in guard, whose refusal codes the contract must declare.
 */
export type RouteOptions<C extends Contract> = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'attachValidation'> & {
  preHandler?: Guard<ErrorCodeOf<C>>;
  /** Required on a staff write: how it lands in the audit trail. */
  audit?: RouteAudit<C>;
};

/**
 * Registers a contract as a Fastify route: inputs validated and the answer serialised by its zod schemas.
 * `preHandler` (the sign-in and staff guards) runs before the inputs are validated, so a caller who may not use
 * the route gets 401 or 403 and learns nothing about what it accepts.
 */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<C>,
  { preHandler, audit, ...options }: RouteOptions<C> = {},
): void {
  if (Boolean(contract.staff) !== Boolean(preHandler?.staff)) {
    throw new Error(`${contract.method} ${contract.path}: a staff contract needs the staff guard, and the staff guard a staff contract`);
  }
  if (contract.staff && contract.method !== 'GET' && !audit) {
    throw new Error(`${contract.method} ${contract.path}: a staff write must say how it is audited: pass { audit: 'service' } `
      + 'when its service calls recordAudit in the write\'s transaction, or { audit: audited(db, ...) } (src/server/audit/audited.ts)');
  }
  const run = audit && audit !== 'service'
    ? (request: RouteRequest<C>, reply: FastifyReply) => audit(request, () => handler(request, reply))
    : handler;
  const status = contract.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    ...(contract.staff ? { config: { ...options.config, staff: contract.staff } } : {}),
    ...(preHandler ? { preValidation: preHandler as RouteShorthandOptions['preValidation'] } : {}),
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response },
    },
    handler: async (request, reply) => {
      const result = await run(request as unknown as RouteRequest<C>, reply);
      if (reply.statusCode === 200) reply.status(status);
      return result;
    },
  });
}
