import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '#contracts/search';
import { centsToNumber } from '#contracts/money';
import type { OptionalUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route, type RouteRequest } from '../lib/route.ts';
import { forViewer, viewerCanBuyRestricted } from '../licences/viewer-licence.ts';
import { oneUnitPrices } from '../pricing/customer-prices.ts';
import { createSemanticIndex, type SemanticIndex } from './embeddings/semantic-index.ts';
import { CATALOGUE } from '../catalog-cache/catalog-tags.ts';
import { sendKept, type CatalogCache } from '../catalog-cache/catalog-cache.ts';
import { recordSearch } from './search-history.ts';
import { searchProducts, searchText } from './search.service.ts';
import { catalogueSuggestions, rankSuggestions, recentSuggestions, typedText } from './suggestions.service.ts';

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
  /** Where the answers that are the same for every visitor are kept until a catalogue write changes them. */
  catalogCache: CatalogCache;
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

  /**
   * A search as every visitor gets it, found once until a catalogue write (or a product's new vector) changes it: the
   * answer at list prices, and as visitors see it (flash sales applied). The key names the state of the vectors it
   * was found with, so an answer found before the model was ready, or before this process's vectors changed, is
   * not served after.
   */
  const sharedSearch = (body: RouteRequest<typeof contracts.search>['body']) => {
    const key = `search/${index.state}/${index.generation}/${body.includeSemanticSearch}/${body.maxResults}/${searchText(body.query)}`;
    return deps.catalogCache.remember(key, async () => {
      const { answer, complete } = await searchProducts(db, body, index);
      return { value: { answer, visitors: await atOneUnitPrices(answer, null) }, tags: [CATALOGUE], until: complete ? undefined : 0 };
    });
  };

  route(app, contracts.search, async (request, reply) => {
    const [found, userId] = await Promise.all([sharedSearch(request.body), signedInUserId(request)]);
    if (!userId) return sendKept(reply, found.visitors);
    await recordSearch(db, userId, found.answer.query);
    const answer = { ...found.answer, results: forViewer(found.answer.results, await viewerCanBuyRestricted(db, userId)) };
    return atOneUnitPrices(answer, userId);
  }, { config: rateLimit });

  route(app, contracts.searchSuggestions, async (request, reply) => {
    const typed = typedText(request.body.query);
    const [everyone, userId] = await Promise.all([
      deps.catalogCache.remember(`suggestions/${typed}`, async () => {
        const candidates = await catalogueSuggestions(db, typed);
        return { value: { candidates, visitors: { suggestions: rankSuggestions(candidates) } }, tags: [CATALOGUE] };
      }),
      signedInUserId(request),
    ]);
    if (!userId) return sendKept(reply, everyone.visitors);
    return { suggestions: rankSuggestions([...await recentSuggestions(db, typed, userId), ...everyone.candidates]) };
  }, { config: rateLimit });
}
