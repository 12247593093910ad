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
