import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-members';
import { LOGIN_PER_IP } from '../auth/rate-limits.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import { toUserView } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { setUpShop, setupNeeded } from './setup.service.ts';

/** /api/setup/: the first owner of an empty shop signs up here, once; limited per address as sign-in is. */
export async function registerSetupRoutes(app: FastifyInstance, deps: { db: Db; jwtSecret: string }): Promise<void> {
  const accessTokens = createAccessTokens(deps.jwtSecret);
  await registerNoStore(app, (scope) => {
    route(scope, contracts.setupStatus, async () => ({ needed: await setupNeeded(deps.db) }));
    route(scope, contracts.setupShop, async (request) => {
      const { token, refreshToken, user } = await setUpShop({ db: deps.db, accessTokens }, request.body, request.headers['user-agent']);
      return { token, refreshToken, user: toUserView(user) };
    }, { config: { rateLimit: LOGIN_PER_IP } });
  });
}
