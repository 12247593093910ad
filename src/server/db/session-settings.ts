/** Lowest pg_trgm word_similarity of a search query to a product name that still counts as a fuzzy match. */
export const FUZZY_THRESHOLD = 0.3;

/**
 * What every database session starts with: the threshold of the `<%` operator (which search's trigram index serves),
 * so a search or a suggestion sends no statement of its own to set it and needs no transaction around its one query.
 */
export const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': String(FUZZY_THRESHOLD) };
