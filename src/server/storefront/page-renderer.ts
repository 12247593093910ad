import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What the storefront's server build renders a page from (src/web/ssr/render-page.tsx). */
export interface PageRequest {
  url: string;
  locale: 'en' | 'ur' | 'ar';
  currency: 'PKR' | 'USD' | 'EUR';
  origin: string;
}

export interface RenderedPage {
  status: number;
  location?: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  head: string;
  body: string;
  state: string;
}

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface PageRenderer {
  /** Whether the path is one of the public pages rendered on the server (or no page at all: the 404). */
  rendersPath(pathname: string): boolean;
  render(request: PageRequest): Promise<RenderedPage>;
}

export type CreatePageRenderer = (transport: ApiTransport) => PageRenderer;

/** The server build of the storefront, when it has been built (`npm run build`). */
export async function loadPageRenderer(file: string): Promise<CreatePageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const module = await import(pathToFileURL(file).href) as { createPageRenderer: CreatePageRenderer };
  return module.createPageRenderer;
}
