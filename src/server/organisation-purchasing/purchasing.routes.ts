import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '#contracts/organisation-purchasing';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { route } from '../lib/route.ts';
import { requireMembership } from '../organisation-members/organisation-members.service.ts';
import { createDepartment, departmentsAnswer, setPoRule, updateDepartment } from './departments.service.ts';
import { approveRequest, listRequests, payRequest, rejectRequest } from './order-requests.service.ts';
import { listLimits, setLimit } from './spending-limits.service.ts';

/** Departments, purchase-order rule, spending limits and approvals of the signed-in member's organisation. */
export function registerPurchasingRoutes(app: FastifyInstance, deps: PaymentDeps & { requireUser: RequireUser }): void {
  const { db } = deps;
  const signedIn = { preHandler: deps.requireUser() };
  const member = async (request: FastifyRequest) => {
    const userId = currentUser(request).id;
    return { ...await requireMembership(db, userId), userId };
  };

  route(app, contracts.listDepartments, async (request) => departmentsAnswer(db, (await member(request)).organisationId), signedIn);
  route(app, contracts.createDepartment, async (request) => createDepartment(db, await member(request), request.body), signedIn);
  route(app, contracts.updateDepartment, async (request) => updateDepartment(db, await member(request), request.params.id, request.body), signedIn);
  route(app, contracts.setPurchaseOrderRule, async (request) => setPoRule(db, await member(request), request.body.required), signedIn);
  route(app, contracts.listLimits, async (request) => ({ limits: await listLimits(db, (await member(request)).organisationId) }), signedIn);
  route(app, contracts.setLimit, async (request) => ({ limits: await setLimit(db, await member(request), request.body) }), signedIn);

  route(app, contracts.listApprovals, async (request) => listRequests(db, await member(request), request.query.status), signedIn);
  route(app, contracts.approveRequest, async (request) => ({
    request: await approveRequest({ ...deps, log: request.log }, await member(request), request.params.id),
  }), signedIn);
  route(app, contracts.rejectRequest, async (request) => ({
    request: await rejectRequest(db, deps, await member(request), request.params.id, request.body.reason),
  }), signedIn);
  route(app, contracts.payRequest, async (request, reply) => {
    const outcome = await payRequest(
      { ...deps, log: request.log }, await member(request), request.params.id, request.headers['idempotency-key'], request.body,
    );
    // Placed, its payment waiting for the buyer's phone or the gateway's page.
    if (!outcome.success) reply.status(202);
    return outcome;
  }, signedIn);
}
