import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { Currency } from '#contracts/exchange-rates';
import { AppRoot } from '../app-root.tsx';
import { SHELL_NAMESPACES } from '../i18n/i18n.ts';
import { isRtl, type Locale } from '../i18n/locale-store.ts';
import { RenderedChoicesContext } from '../i18n/persisted-choice.ts';
import { ApiError, setApiTransport, type ApiTransport } from '../lib/api.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from '../router.tsx';
import { ResponseNotesContext, type RenderResponse } from './render-response.ts';
import { serialiseServerState, type SerialisedApiError, type ServerState } from './server-state.ts';
import { textsForRender } from './server-i18n.ts';

export interface PageRequest {
  /** Path and query, as the visitor asked. */
  url: string;
  locale: Locale;
  currency: Currency;
  /** The shop's public address, without a trailing slash. */
  origin: string;
}

export interface RenderedPage {
  status: number;
  /** Where a moved page now lives (status 301). */
  location?: string;
  lang: Locale;
  dir: 'ltr' | 'rtl';
  /** Title, meta and link elements for the document's head. */
  head: string;
  /** The app's markup. */
  body: string;
  /** The script element holding the state the browser hydrates from; it goes after the app's root element. */
  state: string;
}

/** Renders before the last one, each fetching what the previous one asked for (a product, then its reviews). */
const MAX_DATA_ROUNDS = 4;

const handler = createStaticHandler(routes);

/** The public pages, which search engines read and links preview; '*' is the 404 page. */
const SERVER_RENDERED = new Set(['/', 'products', 'products/:slug', 'categories', 'categories/:slug', 'about', 'contact', '*']);

function rendersPath(pathname: string): boolean {
  const last = matchRoutes(routes, pathname)?.at(-1)?.route;
  return last !== undefined && SERVER_RENDERED.has(last.index ? '/' : last.path ?? '');
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/** Renders the page and fetches the queries it asked for; false once it asked for nothing new. */
async function fetchWhatItAsks(queryClient: QueryClient, render: () => void): Promise<boolean> {
  render();
  const asked = queryClient.getQueryCache().findAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query));
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  return asked.length > 0;
}

function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // The page goes out whole, once ready: no part is sent apart to be swapped in by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A part that fails would be left to the browser, silently: the whole render fails instead, and is logged.
      onError: (error) => {
        reject(error as Error);
        stream.abort();
      },
    });
  });
}

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*>)/;

/** React streams the head elements a page renders (title, meta, link) first; they go into the document's head. */
function splitHead(html: string): { head: string; body: string } {
  let head = '';
  let rest = html;
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/** Errors travel as their status, message and body; the browser makes ApiErrors of them again. */
function serialisedError(error: unknown): SerialisedApiError | null {
  // eslint-disable-next-line no-restricted-syntax -- carried across to the browser's ApiError, never shown
  return error instanceof ApiError ? { status: error.status, message: error.message, code: error.code, body: error.body } : null;
}

/**
 * The storefront's public pages rendered on the server with their data. `transport` answers the API calls the
 * pages make (the server's own routes, in its process).
 */
export function createPageRenderer(transport: ApiTransport) {
  setApiTransport(transport);
  return { rendersPath, render };
}

async function render(request: PageRequest): Promise<RenderedPage> {
  const context = await handler.query(new Request(`${request.origin}${request.url}`));
  if (context instanceof Response) throw new Error('No route answers with a redirect of its own.');
  const queryClient = createQueryClient({ server: true });
  const texts = textsForRender(request.locale, SHELL_NAMESPACES);
  let response: RenderResponse = { status: context.statusCode };
  const notes = { note: (answer: RenderResponse) => (response = answer) };
  const choices = { 'shop.locale': request.locale, 'shop.currency': request.currency };
  const renderedAt = Date.now();
  const app = () => (
    <ResponseNotesContext.Provider value={notes}>
      <RenderedChoicesContext.Provider value={choices}>
        <I18nextProvider i18n={texts.i18n}>
          <AppRoot queryClient={queryClient} origin={request.origin} renderedAt={renderedAt}>
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
          </AppRoot>
        </I18nextProvider>
      </RenderedChoicesContext.Provider>
    </ResponseNotesContext.Provider>
  );
  for (let round = 0; round < MAX_DATA_ROUNDS && await fetchWhatItAsks(queryClient, () => renderToString(app())); round++);
  // The answer is what the last render, with all its data, noted.
  response = { status: context.statusCode };
  const { head, body } = splitHead(await renderToHtml(app()));
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const state: ServerState = {
    locale: request.locale,
    currency: request.currency,
    origin: request.origin,
    renderedAt,
    texts: texts.used(),
    queries: {
      ...queries,
      queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, error: serialisedError(query.state.error) as never } })),
    },
  };
  return {
    status: response.status,
    location: response.location,
    lang: request.locale,
    dir: isRtl(request.locale) ? 'rtl' : 'ltr',
    head,
    body,
    state: serialiseServerState(state),
  };
}
