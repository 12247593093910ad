export interface Page {
  page: number;
  pageSize: number;
  count: number;
}

export const totalPages = ({ count, pageSize }: Page) => Math.max(1, Math.ceil(count / pageSize));

/**
 * `next` and `previous` as absolute paths keeping the other query parameters, e.g.
 * `/api/products/?page=3&category=cardiology`. Past the last page, `previous` leads back to the last page.
 */
export function pageLinks(path: string, params: Record<string, string | undefined>, page: Page) {
  const last = totalPages(page);
  const link = (target: number) => {
    const search = new URLSearchParams({ page: String(target) });
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
    return `${path}?${search.toString()}`;
  };
  return {
    next: page.page < last ? link(page.page + 1) : null,
    previous: page.page > 1 ? link(Math.min(page.page - 1, last)) : null,
  };
}
