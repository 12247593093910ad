import { queryOptions } from '@tanstack/react-query';
import { search, searchSuggestions } from '#contracts/search';
import { apiFetch } from '../lib/api.ts';

export const searchQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', query],
    queryFn: ({ signal }) => apiFetch(search, { body: { query, includeSemanticSearch: true }, signal }),
    enabled: query.trim().length > 0,
    staleTime: 60_000,
  });

export const suggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', query],
    queryFn: ({ signal }) => apiFetch(searchSuggestions, { body: { query }, signal }),
    staleTime: 60_000,
  });

export const searchPath = (query: string) => `/search?${new URLSearchParams({ q: query })}`;
