import { z } from 'zod';
import { WHOLE_NUMBER } from './issues.ts';
import { defineContract } from './define.ts';
import { translatedNames } from './translated-names.ts';

export const SEARCH_MAX_RESULTS = 20;
export const MAX_SUGGESTIONS = 6;
export const SEARCH_QUERY_MAX = 200;
/** Suggestions are asked for only when the input is longer than this. */
export const SUGGESTION_MIN_CHARS = 2;

const searchText = z.string({ message: 'Enter something to search for.' }).trim()
  .min(1, 'Enter something to search for.')
  .max(SEARCH_QUERY_MAX, `Enter at most ${SEARCH_QUERY_MAX} characters.`);

export const MATCH_TYPES = ['exact', 'semantic', 'fuzzy'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const searchBody = z.object({
  query: searchText,
  includeSemanticSearch: z.boolean().default(true),
  maxResults: z.number().int(WHOLE_NUMBER).min(1, 'Enter at least 1.')
    .max(SEARCH_MAX_RESULTS, `Enter at most ${SEARCH_MAX_RESULTS}.`).default(SEARCH_MAX_RESULTS),
});
export type SearchBody = z.input<typeof searchBody>;

export const searchResult = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** Brand and catalogue (model) number: tell identical names from different makers apart. */
  brand: z.string(),
  /** The catalogue number searched for, when the query is one of the product's variants'; else the first variant's. */
  modelNumber: z.string(),
  /** The variant whose catalogue number the query is (the product page opens with it chosen); null otherwise. */
  variantId: z.number().int().nullable(),
  category: z.string(),
  /** category in Urdu and Arabic (see catalog's translatedNames). */
  category_translations: translatedNames,
  price: z.number(),
  image: z.string(),
  relevanceScore: z.number().min(0).max(1),
  matchType: z.enum(MATCH_TYPES),
  /** HTML-escaped fragments in which the server wrapped the matched words in <mark>. */
  highlights: z.array(z.string()),
  /** As the catalogue's licence_required: a restricted product this viewer cannot buy (true for visitors). */
  licence_required: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResponse = z.object({
  results: z.array(searchResult),
  query: z.string(),
  total: z.number().int(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const search = defineContract({
  method: 'POST',
  path: '/api/search',
  body: searchBody,
  response: searchResponse,
});

export const SUGGESTION_TYPES = ['category', 'intent', 'product', 'recent'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

export const suggestion = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(SUGGESTION_TYPES),
  /** A category suggestion's name in Urdu and Arabic, to show; `text` (English) is what is searched for. {} for the others. */
  text_translations: translatedNames,
  confidence: z.number().min(0).max(1),
});
export type Suggestion = z.infer<typeof suggestion>;

export const suggestionsResponse = z.object({ suggestions: z.array(suggestion).max(MAX_SUGGESTIONS) });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;

export const searchSuggestions = defineContract({
  method: 'POST',
  path: '/api/search/suggestions',
  body: z.object({ query: searchText }),
  response: suggestionsResponse,
});
