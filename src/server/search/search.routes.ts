import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '#contracts/search';
import { centsToNumber } from '#contracts/money';
import type { OptionalUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { forViewer, viewerCanBuyRestricted } from '../licences/viewer-licence.ts';
import { oneUnitPrices } from '../pricing/customer-prices.ts';
import { createSemanticIndex, type SemanticIndex } from './embeddings/semantic-index.ts';
import { recordSearch } from './search-history.ts';
import { searchProducts } from './search.service.ts';
import { suggest } from './suggestions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vector half of semantic search (tests and benchmarks call flush() to wait for product vectors). */
    searchIndex: SemanticIndex;
  }
}

const rateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export interface SearchRouteDeps {
  db: Db;
  optionalUser: OptionalUser;
  /** Product and query embeddings (SEARCH_EMBEDDINGS=on); off, semantic search is the concept map alone. */
  embeddings: boolean;
}

/** Search and suggestions are public; signed in, they add the user's own history (a bad token is a 401, see optionalUser). */
export function registerSearchRoutes(app: FastifyInstance, deps: SearchRouteDeps): void {
  const { db } = deps;
  const index = createSemanticIndex({ db, log: app.log, enabled: deps.embeddings });
  app.decorate('searchIndex', index);
  // The structures are ready before the first request; the model loads and products are indexed in the background.
  app.addHook('onReady', () => index.start());
  app.addHook('onClose', () => index.close());

  const signedInUserId = async (request: FastifyRequest): Promise<string | null> => (await deps.optionalUser(request))?.id ?? null;

  /** Results at the price this viewer pays for one: a flash sale for everyone, organisation prices for their buyers. */
  const atOneUnitPrices = async <A extends { results: { id: number; price: number }[] }>(answer: A, userId: string | null): Promise<A> => {
    const prices = await oneUnitPrices(db, userId, answer.results.map((result) => result.id));
    if (!prices) return answer;
    return {
      ...answer,
      results: answer.results.map((result) => {
        const price = prices.get(result.id);
        return price ? { ...result, price: centsToNumber(price.unitPriceCents) } : result;
      }),
    };
  };

  route(app, contracts.search, async (request) => {
    const [found, userId] = await Promise.all([searchProducts(db, request.body, index), signedInUserId(request)]);
    if (!userId) return atOneUnitPrices(found, null);
    await recordSearch(db, userId, found.query);
    const answer = { ...found, results: forViewer(found.results, await viewerCanBuyRestricted(db, userId)) };
    return atOneUnitPrices(answer, userId);
  }, { config: rateLimit });

  route(app, contracts.searchSuggestions, async (request) => ({
    suggestions: await suggest(db, request.body.query, await signedInUserId(request)),
  }), { config: rateLimit });
}
