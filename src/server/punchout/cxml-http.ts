import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUNCHOUT_PER_IP } from '../auth/rate-limits.ts';
import { badCxml, CxmlError, cxmlResponse, parseCxml, type CxmlNode } from './cxml-document.ts';

/** What a cXML route does with a parsed document: the cXML body of its 200 answer. */
export type CxmlHandler = (root: CxmlNode, request: FastifyRequest) => Promise<string>;

const MAX_DOCUMENT_BYTES = 1024 * 1024;

/**
 * The cXML endpoints under /punchout/cxml (`routes` keyed by the path after it, '/setup'), in a scope of their own:
 * the body is read as text whatever content type the procurement system
 * sends (text/xml, application/xml, or a form field `cxml-urlencoded`), and every answer, a failure too, is a cXML
 * `Response` whose Status code is also the HTTP status: never an HTML or JSON page. Each client address has
 * PUNCHOUT_PER_IP requests a minute.
 */
export async function registerCxmlScope(
  app: FastifyInstance, publicUrl: string, routes: Record<string, CxmlHandler>,
): Promise<void> {
  const host = new URL(publicUrl).hostname;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_DOCUMENT_BYTES }, (_request, body, done) => done(null, String(body)));
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (error instanceof CxmlError) return answer(reply, error.code, cxmlResponse(host, error));
      if (error.statusCode === 429) return answer(reply, 429, cxmlResponse(host, { code: 429, text: 'Too Many Requests', message: 'Too many requests: wait a minute and send it again.' }));
      if (error.statusCode === 413) return answer(reply, 413, cxmlResponse(host, { code: 413, text: 'Request Entity Too Large', message: 'The document is too large.' }));
      if (error.statusCode && error.statusCode < 500) return answer(reply, 400, cxmlResponse(host, badCxml(error.message)));
      request.log.error({ err: error }, 'cXML request failed');
      return answer(reply, 500, cxmlResponse(host, { code: 500, text: 'Internal Server Error', message: 'The request could not be processed now; send it again later.' }));
    });
    scope.setNotFoundHandler((_request, reply) =>
      answer(reply, 404, cxmlResponse(host, { code: 404, text: 'Not Found', message: 'No cXML endpoint here.' })));
    for (const [url, handler] of Object.entries(routes)) {
      scope.post(url, { config: { rateLimit: PUNCHOUT_PER_IP } }, async (request, reply) => {
        const root = parseCxml(documentOf(request.body));
        return answer(reply, 200, await handler(root, request));
      });
    }
  }, { prefix: '/punchout/cxml' });
}

/** The posted document: the raw body, or a form's `cxml-urlencoded` (or `cXML-base64`) field. */
function documentOf(body: unknown): string {
  const raw = typeof body === 'string' ? body : '';
  const trimmed = raw.trimStart();
  if (trimmed.startsWith('<')) return raw;
  const form = new URLSearchParams(raw);
  const urlencoded = form.get('cxml-urlencoded') ?? form.get('cXML-urlencoded');
  if (urlencoded) return urlencoded;
  const base64 = form.get('cxml-base64') ?? form.get('cXML-base64');
  if (base64) return Buffer.from(base64, 'base64').toString('utf8');
  throw badCxml('Post a cXML document.');
}

const answer = (reply: FastifyReply, status: number, xml: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/xml; charset=utf-8').send(xml);
