import { matchConcepts, type Concept, type ConceptMatch } from './concept-map.ts';
import type { VectorLookup } from './embeddings/semantic-index.ts';

/** How strongly a query means each instrument type and category, 0–1; the semantic signal of a search. */
export interface SemanticTargets {
  types: Map<string, number>;
  categories: Map<string, number>;
  /** Per product, from the nearest product vectors: 0–VECTOR_MAX. */
  products: Map<number, number>;
  /** The concept behind each target, for the highlight that explains the match. */
  conceptOf(typeSlug: string, categorySlug: string): Concept | undefined;
}

// A named instrument type is a closer meaning than a whole specialty.
const typeWeight = (coverage: number) => 0.55 + 0.3 * coverage;
const categoryWeight = (coverage: number) => 0.45 + 0.2 * coverage;

/** A concept counts when the query's vector is at least this close to one of its terms (cosine). */
export const CONCEPT_SIMILARITY = 0.75;
const conceptCoverage = (similarity: number) => Math.min(1, Math.max(0, (similarity - 0.6) / 0.4));

/** Product vectors: cosine FLOOR scores 0, CEILING and above scores VECTOR_MAX. */
export const VECTOR_FLOOR = 0.45;
export const VECTOR_CEILING = 0.75;
export const VECTOR_MAX = 0.5;
const vectorWeight = (similarity: number) =>
  VECTOR_MAX * Math.min(1, Math.max(0, (similarity - VECTOR_FLOOR) / (VECTOR_CEILING - VECTOR_FLOOR)));

/**
 * The one place semantic sources meet:
 * - the curated concept map, by the query's words (lay words, procedures, anatomy, specialties → instrument types
 *   and categories);
 * - the same concepts by meaning: the query's embedding close to one of a concept's terms ("tooth pulling" is
 *   close to "pull a tooth"), weighted by that closeness;
 * - the product embeddings nearest to the query's, a weaker signal (the model alone knows little medicine) that
 *   finds what the map does not name and orders products within a matched type or category.
 */
export function semanticTargets(query: string, vectors?: VectorLookup): SemanticTargets {
  const matches: ConceptMatch[] = matchConcepts(query);
  for (const { concept, similarity } of vectors?.concepts ?? []) {
    if (similarity < CONCEPT_SIMILARITY) break;
    const coverage = conceptCoverage(similarity);
    const literal = matches.find((m) => m.concept === concept);
    if (literal) literal.coverage = Math.max(literal.coverage, coverage);
    else matches.push({ concept, coverage });
  }
  matches.sort((a, b) => b.coverage - a.coverage);

  const types = new Map<string, number>();
  const categories = new Map<string, number>();
  const raise = <K>(map: Map<K, number>, key: K, weight: number) => map.set(key, Math.max(map.get(key) ?? 0, weight));
  for (const { concept, coverage } of matches) {
    for (const type of concept.types ?? []) raise(types, type, typeWeight(coverage));
    for (const category of concept.categories ?? []) raise(categories, category, categoryWeight(coverage));
  }
  const products = new Map<number, number>();
  for (const { id, similarity } of vectors?.neighbours ?? []) {
    const weight = vectorWeight(similarity);
    if (weight > 0) raise(products, id, weight);
  }
  return {
    types,
    categories,
    products,
    conceptOf: (typeSlug, categorySlug) => matches.find(({ concept }) => concept.types?.includes(typeSlug))?.concept
      ?? matches.find(({ concept }) => concept.categories?.includes(categorySlug))?.concept,
  };
}
