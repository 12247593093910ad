import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/organisation-members';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { INVITES_PER_ADDRESS, INVITES_PER_ORGANISATION, keyedLimiter } from '../auth/rate-limits.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import { toUserView } from '../auth/user-view.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { acceptInvite, declineInvite, inviteMember, lookUpInvite } from './organisation-invitations.service.ts';
import { membersAnswer, removeMember, requireMembership, type MemberDeps } from './organisation-members.service.ts';

type Deps = MemberDeps & { jwtSecret: string; requireUser: RequireUser };

/** /api/organisation/members/: the organisation's own; /api/organisation/invitations/: the invited person's, by the mailed link. */
export async function registerOrganisationMemberRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const signedIn = { preHandler: deps.requireUser() };
  const accessTokens = createAccessTokens(deps.jwtSecret);
  const invitesPerOrganisation = keyedLimiter(app, 'organisation-invites', INVITES_PER_ORGANISATION);
  const invitesPerAddress = keyedLimiter(app, 'organisation-invitee', INVITES_PER_ADDRESS);

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listOrganisationMembers, async (request) => {
      const user = currentUser(request);
      return membersAnswer(db, await requireMembership(db, user.id), user.id);
    }, signedIn);
    route(scope, contracts.inviteOrganisationMember, async (request, reply) => {
      const user = currentUser(request);
      const membership = await requireMembership(db, user.id);
      return inviteMember(deps, user, membership, request.body, async (email) => {
        await invitesPerOrganisation.take(request, reply, membership.organisationId);
        await invitesPerAddress.take(request, reply, email);
      });
    }, signedIn);
    route(scope, contracts.removeOrganisationMember, async (request) => {
      const user = currentUser(request);
      return removeMember(db, user, await requireMembership(db, user.id), request.params.id);
    }, signedIn);

    route(scope, contracts.lookUpOrganisationInvite, async (request) => lookUpInvite(db, request.body.token));
    route(scope, contracts.declineOrganisationInvite, async (request) => declineInvite(db, request.body.token));
    route(scope, contracts.acceptOrganisationInvite, async (request) => {
      const { session, ...joined } = await acceptInvite({ db, accessTokens }, request.body, request.headers['user-agent']);
      return { ...joined, session: session && { token: session.token, refreshToken: session.refreshToken, user: toUserView(session.user) } };
    });
  });
}
