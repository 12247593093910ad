import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/auth';
import type { Database } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { registerNoStore } from '../lib/no-store.ts';
import type { Mailer } from '../lib/mailer.ts';
import { route } from '../lib/route.ts';
import * as auth from './auth.service.ts';
import { currentUser, type RequireUser } from './guard.ts';
import { createLoginBackoff } from './login-backoff.ts';
import {
  emailLimiter, LOGIN_PER_IP, REGISTER_PER_IP, RESEND_VERIFICATION_PER_IP,
  RESET_PER_EMAIL, RESET_PER_IP,
} from './rate-limits.ts';
import { createAccessTokens } from './tokens.ts';
import { toUserView } from './user-view.ts';

export interface AuthRouteDeps {
  database: Database;
  mailer: Mailer;
  jwtSecret: string;
  publicUrl: string;
  requireUser: RequireUser;
}

export async function registerAuthRoutes(app: FastifyInstance, { database, mailer, jwtSecret, publicUrl, requireUser }: AuthRouteDeps): Promise<void> {
  const deps: auth.AuthDeps = {
    db: database.db, mailer, publicUrl, accessTokens: createAccessTokens(jwtSecret), log: app.log,
  };
  const session = ({ token, refreshToken, user }: auth.Session) => ({ token, refreshToken, user: toUserView(user) });
  const loginBackoff = createLoginBackoff();
  const resetRequests = emailLimiter(app, 'reset-requests', RESET_PER_EMAIL);

  // Answers that carry tokens are never kept by a browser or a proxy.
  await registerNoStore(app, (scope) => {
    // The service checks the body itself, so a bad email and a weak password are reported together.
    route(scope, contracts.register, async (request) => ({
      success: true as const, ...session(await auth.register(deps, request.body, request.headers['user-agent'])),
    }), { config: { rateLimit: REGISTER_PER_IP }, attachValidation: true });

    route(scope, contracts.login, async (request, reply) => {
      loginBackoff.ensureAllowed(request, reply);
      try {
        const signedIn = session(await auth.login(deps, request.body, request.headers['user-agent']));
        loginBackoff.succeeded(request);
        return signedIn;
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) loginBackoff.failed(request);
        throw err;
      }
    }, { config: { rateLimit: LOGIN_PER_IP } });

    route(scope, contracts.refresh, async (request) => auth.refresh(deps, request.body.refresh));
  });

  route(app, contracts.me, async (request) => toUserView(currentUser(request)), { preHandler: requireUser() });

  route(app, contracts.updateProfile, async (request) =>
    toUserView(await auth.updateProfile(deps, currentUser(request), {
      ...request.body,
      first_name: request.body.first_name ?? request.body.firstName,
      last_name: request.body.last_name ?? request.body.lastName,
    })), { preHandler: requireUser() });

  route(app, contracts.logout, async (request) => {
    await auth.logout(deps, request.body.refresh);
    return { detail: 'Successfully logged out.' };
  });

  const verify = async (request: { params: { token: string } }) => {
    const user = await auth.verifyEmail(deps, request.params.token);
    return { detail: 'Email verified successfully.', user: toUserView(user) };
  };
  route(app, contracts.verifyEmailGet, verify);
  route(app, contracts.verifyEmailPost, verify);

  route(app, contracts.resendVerification, async (request) => ({
    detail: await auth.resendVerification(deps, currentUser(request)),
  }), { preHandler: requireUser(), config: { rateLimit: RESEND_VERIFICATION_PER_IP } });

  route(app, contracts.requestPasswordReset, async (request, reply) => {
    await resetRequests.take(request, reply);
    return { detail: await auth.requestPasswordReset(deps, request.body.email) };
  }, { config: { rateLimit: RESET_PER_IP } });

  route(app, contracts.confirmPasswordReset, async (request) => ({
    detail: await auth.confirmPasswordReset(deps, request.body),
  }));
}
