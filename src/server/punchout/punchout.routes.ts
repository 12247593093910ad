import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/punchout';
import type { Contract } from '#contracts/define';
import { audited } from '../audit/audited.ts';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { PUNCHOUT_PER_IP } from '../auth/rate-limits.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import { toUserView } from '../auth/user-view.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { recordAudit } from '../audit/audit.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { requireMembership } from '../organisation-members/organisation-members.service.ts';
import { organisationById } from '../organisations/organisation-review.service.ts';
import { authenticateCxml } from './cxml-credentials.ts';
import { cxmlResponse } from './cxml-document.ts';
import { registerCxmlScope } from './cxml-http.ts';
import { cxmlSetup } from './cxml-setup.ts';
import { registerOciRoute } from './oci.ts';
import { readOrderRequest } from './order-request.ts';
import { takePurchaseOrder } from './purchase-order-intake.ts';
import { identityAnswer, identitySnapshot, requirePunchoutAdmin, saveIdentity } from './punchout-identity.service.ts';
import { punchoutView, startPunchout } from './punchout-session.service.ts';
import { registerReturnPage, signTransfer } from './punchout-return-page.ts';
import { transferCart } from './punchout-transfer.ts';

type Deps = PaymentDeps & { publicUrl: string; jwtSecret: string; requireUser: RequireUser };

/**
 * Punchout: the procurement system's endpoints (cXML setup and purchase orders under /punchout/cxml, OCI at
 * /punchout/oci), the organisation's identity (its admins, and staff), and the buyer's start page and transfer.
 */
export async function registerPunchoutRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, publicUrl } = deps;
  const host = new URL(publicUrl).hostname;
  await registerCxmlScope(app, publicUrl, {
    '/setup': cxmlSetup(db, publicUrl),
    '/order': async (root) => {
      const identity = await authenticateCxml(db, root);
      const taken = await takePurchaseOrder(deps, identity, readOrderRequest(root));
      return cxmlResponse(host, { code: 200, text: 'OK', message: taken.message });
    },
  });
  await registerOciRoute(app, { db, publicUrl });
  await registerReturnPage(app, deps.jwtSecret);
  const signedIn = { preHandler: deps.requireUser() };
  const accessTokens = createAccessTokens(deps.jwtSecret);
  const snapshot = identitySnapshot(db);

  await registerNoStore(app, (scope) => {
    route(scope, contracts.getOrganisationPunchout, async (request) =>
      identityAnswer(db, (await requireMembership(db, currentUser(request).id)).organisationId, publicUrl), signedIn);

    route(scope, contracts.putOrganisationPunchout, async (request) => {
      const user = currentUser(request);
      const membership = await requireMembership(db, user.id);
      requirePunchoutAdmin(membership);
      const before = await snapshot(membership.organisationId);
      const saved = await saveIdentity(db, membership.organisationId, request.body, user.id, publicUrl);
      await recordAudit(db, user, {
        action: 'organisation.punchout', entity: 'organisation', entityId: membership.organisationId, before, after: await snapshot(membership.organisationId),
      });
      return saved;
    }, signedIn);

    route(scope, contracts.putStaffOrganisationPunchout, async (request) => {
      const { id } = await organisationById(db, request.params.id);
      return saveIdentity(db, id, request.body, currentUser(request).id, publicUrl);
    }, {
      preHandler: deps.requireUser({ staff: true }),
      audit: audited<Contract>(db, { action: 'organisation.punchout', entity: 'organisation', id: (request) => (request.params as { id: string }).id, snapshot }),
    });

    route(scope, contracts.startPunchout, async (request) => {
      const { token, refreshToken, user, punchout } = await startPunchout({ db, accessTokens }, request.body.token, request.headers['user-agent']);
      return { token, refreshToken, user: toUserView(user), punchout };
    }, { config: { rateLimit: PUNCHOUT_PER_IP } });

    route(scope, contracts.currentPunchout, async (request) => ({ punchout: await punchoutView(db, request) }), signedIn);

    route(scope, contracts.transferPunchout, async (request) => {
      const transfer = await transferCart(deps, request);
      return { ...transfer, signed: signTransfer(deps.jwtSecret, transfer) };
    }, signedIn);
  });
}
