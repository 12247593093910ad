import type { FastifyReply } from 'fastify';

/**
 * `attachment` with an ASCII `filename` for old clients and the exact UTF-8 name in `filename*` (RFC 6266),
 * e.g. `Instructions for Use – Kelly Forceps.pdf`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file behind the session (an invoice, a label, a licence) as a download, never kept by a shared cache. */
export function sendPrivateAttachment(reply: FastifyReply, content: Buffer | Uint8Array, fileName: string, contentType = 'application/pdf') {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(content);
}
