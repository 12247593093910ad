import { XMLParser, XMLValidator } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, parseTagValue: false, parseAttributeValue: false,
  processEntities: false, ignoreDeclaration: true, ignorePiTags: true, commentPropName: '#comment',
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** Elements that run code or pull in another document. */
const REFUSED_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'audio', 'video', 'handler', 'listener']);
const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
/** A reference to anything but a fragment of this very file ('#logo'). */
const outsideReference = (value: string) => !value.trim().startsWith('#');
const outsideUrl = /url\(\s*['"]?(?!#)/i;

function safeNodes(nodes: OrderedNode[]): boolean {
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (!name || name === '#text' || name === '#comment') continue;
    if (REFUSED_ELEMENTS.has(localName(name))) return false;
    for (const [attribute, value] of Object.entries(node[':@'] ?? {})) {
      const local = localName(attribute);
      if (local.startsWith('on')) return false;
      if ((local === 'href' || local === 'src') && outsideReference(String(value))) return false;
      if (outsideUrl.test(String(value)) || /@import|javascript:/i.test(String(value))) return false;
    }
    // A <style> sheet's text: no imports or outside urls either.
    if (localName(name) === 'style' && (node[name] as OrderedNode[]).some((child) => {
      const css = String(child['#text'] ?? '');
      return outsideUrl.test(css) || /@import|javascript:/i.test(css);
    })) return false;
    if (!safeNodes(node[name] as OrderedNode[])) return false;
  }
  return true;
}

/**
 * Whether the bytes are an SVG drawing that does nothing when opened: well-formed XML whose root element is <svg>,
 * with no DOCTYPE or entities, no scripts, event handler attributes, foreignObject or embedded documents, and no
 * reference outside the file (href, url(), @import).
 */
export function isSafeSvg(content: Buffer): boolean {
  const xml = content.toString('utf8');
  if (xml.includes('\uFFFD') || /<!DOCTYPE|<!ENTITY/i.test(xml)) return false;
  if (XMLValidator.validate(xml) !== true) return false;
  const nodes = parser.parse(xml) as OrderedNode[];
  const elements = nodes.filter((node) => !('#text' in node) && !('#comment' in node));
  const root = elements[0] && Object.keys(elements[0]).find((key) => key !== ':@');
  if (elements.length !== 1 || !root || localName(root) !== 'svg') return false;
  return safeNodes(elements);
}
