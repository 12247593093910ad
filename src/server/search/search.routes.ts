import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '#contracts/search';
import { createAccessTokens } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { searchProducts } from './search.service.ts';
import { suggest } from './suggestions.service.ts';

const rateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Search and suggestions are public; a valid access token only adds the user's own history. */
export function registerSearchRoutes(app: FastifyInstance, deps: { db: Db; jwtSecret: string }): void {
  const { db } = deps;
  const accessTokens = createAccessTokens(deps.jwtSecret);

  const signedInUserId = async (request: FastifyRequest): Promise<string | null> => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    return accessTokens.verify(token);
  };

  route(app, contracts.search, async (request) => {
    const [answer, userId] = await Promise.all([searchProducts(db, request.body), signedInUserId(request)]);
    if (userId) {
      // Through users, so a token of a deleted account records nothing.
      await db.execute(sql`insert into search_history (user_id, query)
        select u.id, ${answer.query} from users u where u.id = ${userId}::uuid`);
    }
    return answer;
  }, { config: rateLimit });

  route(app, contracts.searchSuggestions, async (request) => ({
    suggestions: await suggest(db, request.body.query, await signedInUserId(request)),
  }), { config: rateLimit });
}
