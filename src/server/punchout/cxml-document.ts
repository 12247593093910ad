import { randomUUID } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed element: attributes under '@name', text under '#text', children by tag name (arrays where cXML repeats them). */
export type CxmlNode = { [key: string]: unknown };

/** Elements cXML allows more than once: always read as arrays, so one or many read alike. */
const REPEATED = new Set([
  'Credential', 'Extrinsic', 'Contact', 'ItemIn', 'ItemOut', 'Classification', 'Email', 'Phone', 'Street', 'Comments',
  'DeliverTo', 'Description',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

/** A cXML document that cannot be answered as asked: the status code and text cXML gives it. */
export class CxmlError extends Error {
  constructor(readonly code: number, readonly text: string, message: string) {
    super(message);
  }
}

export const badCxml = (message: string) => new CxmlError(400, 'Bad Request', message);
export const unauthorisedCxml = (message: string) => new CxmlError(401, 'Unauthorized', message);

/**
 * The `cXML` root of a document. Entity declarations are refused outright (nothing a cXML message needs; no external
 * or expanding entities), and the DOCTYPE's DTD address is never fetched.
 */
export function parseCxml(xml: string): CxmlNode {
  if (/<!ENTITY/i.test(xml)) throw badCxml('Entity declarations are not accepted.');
  if (XMLValidator.validate(xml) !== true) throw badCxml('The document is not well-formed XML.');
  const root = (parser.parse(xml) as CxmlNode).cXML;
  if (!root || typeof root !== 'object') throw badCxml('The document has no cXML element.');
  return root as CxmlNode;
}

/** The child element `name` (the first, for a repeated one). */
export function child(node: unknown, name: string): CxmlNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as CxmlNode)[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return undefined;
  return typeof first === 'object' ? first as CxmlNode : { '#text': String(first) };
}

/** Every child element `name`. */
export function children(node: unknown, name: string): CxmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as CxmlNode)[name];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((item) => (typeof item === 'object' ? item as CxmlNode : { '#text': String(item) }));
}

/** The element's text ('' when absent). */
export const text = (node: unknown): string => {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node).trim();
  const value = (node as CxmlNode)['#text'];
  return value === undefined ? '' : String(value).trim();
};

/** The attribute's value ('' when absent). */
export const attr = (node: unknown, name: string): string =>
  node && typeof node === 'object' && (node as CxmlNode)[`@${name}`] !== undefined ? String((node as CxmlNode)[`@${name}`]).trim() : '';

/** The text at a path of child elements ('' when any is absent). */
export const textAt = (node: unknown, ...path: string[]): string => text(path.reduce<unknown>((at, name) => child(at, name), node));

export const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';

/** A whole cXML document around `inner`, with a fresh payloadID from the shop's host. */
export function cxmlDocument(inner: string, host: string, now = new Date()): string {
  const payloadId = `${now.getTime()}.${randomUUID()}@${host}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n`
    + `<cXML payloadID="${escapeXml(payloadId)}" timestamp="${now.toISOString()}" xml:lang="en-US">${inner}</cXML>`;
}

/** A cXML `Response` with its `Status` (and what follows it, for a success that carries a body). */
export function cxmlResponse(host: string, status: { code: number; text: string; message?: string }, body = ''): string {
  const message = status.message ? escapeXml(status.message) : '';
  const statusElement = message
    ? `<Status code="${status.code}" text="${escapeXml(status.text)}">${message}</Status>`
    : `<Status code="${status.code}" text="${escapeXml(status.text)}"/>`;
  return cxmlDocument(`<Response>${statusElement}${body}</Response>`, host);
}
