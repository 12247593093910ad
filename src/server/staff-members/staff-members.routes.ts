import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-members';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import { toUserView } from '../auth/user-view.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { acceptInvite, inviteStatus } from './staff-invite.service.ts';
import { inviteMember, listMembers, resendInvite, updateMember, type StaffDeps } from './staff-members.service.ts';

export type StaffMemberRouteDeps = StaffDeps & { jwtSecret: string; requireUser: RequireUser };

/**
 * /api/staff/members/: the owner's; /api/staff/invite/: the invited member's, by the mailed link. Who is staff, and
 * answers that sign someone in, are never kept by a cache.
 */
export async function registerStaffMemberRoutes(app: FastifyInstance, deps: StaffMemberRouteDeps): Promise<void> {
  const { db } = deps;
  const owner = { preHandler: deps.requireUser({ staff: true }), audit: 'service' as const };
  const accessTokens = createAccessTokens(deps.jwtSecret);

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listStaffMembers, async () => ({ members: await listMembers(db) }), owner);
    route(scope, contracts.inviteStaffMember, async (request) => inviteMember(deps, currentUser(request), request.body), owner);
    route(scope, contracts.updateStaffMember, async (request) =>
      updateMember(db, currentUser(request), request.params.id, request.body), owner);
    route(scope, contracts.resendStaffInvite, async (request) => resendInvite(deps, currentUser(request), request.params.id), owner);

    route(scope, contracts.staffInviteStatus, async (request) => inviteStatus(db, request.query.token));
    route(scope, contracts.acceptStaffInvite, async (request) => {
      const { token, refreshToken, user } = await acceptInvite({ db, accessTokens }, request.body, request.headers['user-agent']);
      return { token, refreshToken, user: toUserView(user) };
    });
  });
}
