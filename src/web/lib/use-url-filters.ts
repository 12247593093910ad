import { useSearchParams } from 'react-router';

/**
 * A list's filters and page kept in the address, so that a filtered list can be reloaded and shared. `setFilters` sets
 * each named parameter, drops those left empty and goes back to the first page; `goTo` and `hrefFor` move to another
 * page of the same filters.
 */
export function useUrlFilters<Name extends string = string>() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const setFilters = (changes: Partial<Record<Name, string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries<string | undefined>(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };

  const onPage = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return next;
  };
  const goTo = (target: number) => setParams(onPage(target));
  const hrefFor = (target: number) => `?${onPage(target).toString()}`;

  return { params, page, setFilters, goTo, hrefFor };
}
