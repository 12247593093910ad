import { matchConcepts, type Concept } from './concept-map.ts';

/** How strongly a query means each instrument type and category, 0–1; the semantic signal of a search. */
export interface SemanticTargets {
  types: Map<string, number>;
  categories: Map<string, number>;
  /** The concept behind each target, for the highlight that explains the match. */
  conceptOf(typeSlug: string, categorySlug: string): Concept | undefined;
}

// A named instrument type is a closer meaning than a whole specialty.
const typeWeight = (coverage: number) => 0.55 + 0.3 * coverage;
const categoryWeight = (coverage: number) => 0.45 + 0.2 * coverage;

/**
 * The one place semantic sources meet. Today that is the curated concept map; a vector source (query
 * embedding against product embeddings) would add its per-type or per-product weights here.
 */
export function semanticTargets(query: string): SemanticTargets {
  const matches = matchConcepts(query);
  const types = new Map<string, number>();
  const categories = new Map<string, number>();
  const raise = (map: Map<string, number>, key: string, weight: number) => map.set(key, Math.max(map.get(key) ?? 0, weight));
  for (const { concept, coverage } of matches) {
    for (const type of concept.types ?? []) raise(types, type, typeWeight(coverage));
    for (const category of concept.categories ?? []) raise(categories, category, categoryWeight(coverage));
  }
  return {
    types,
    categories,
    conceptOf: (typeSlug, categorySlug) => matches.find(({ concept }) => concept.types?.includes(typeSlug))?.concept
      ?? matches.find(({ concept }) => concept.categories?.includes(categorySlug))?.concept,
  };
}
