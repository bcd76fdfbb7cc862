/**
 * XML documents as a small element tree, read by saxes (a maintained, streaming, conformant XML
 * parser; jsdom's). Configured safely: a DOCTYPE is refused outright (no DTD is read, so no entity
 * can be defined or expanded: no "billion laughs"), only the five predefined entities and character
 * references are decoded, and nothing is ever fetched. saxes keeps the line and column as it reads,
 * so reading is linear in the file's size; every error names the line and column and what was
 * expected there.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data and CDATA), concatenated. */
  text: string;
  /** The line of the element's start tag, from 1. */
  line: number;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

/** Deeper nesting is refused: test reports nest a few levels; the readers of the tree recurse. */
export const MAX_XML_DEPTH = 256;

const ENTITY_NOTE = 'only &lt; &gt; &amp; &apos; &quot; and character references are defined';

/** What saxes was in the middle of when it stopped: the element last closed, the closing tag's name. */
interface Stop {
  open: XmlElement | undefined;
  closed: XmlElement | undefined;
  closing: string;
}

/** saxes' terse messages in words that say what was expected. */
function explain(message: string, { open, closed, closing }: Stop, rooted: boolean): string {
  const m = /^\d+:\d+: (.*)$/s.exec(message);
  const text = (m?.[1] ?? message).replace(/\.$/, '');
  if (text === 'unexpected close tag' && closed) return `</${closing}> closes <${closed.name}> (opened at line ${closed.line}); expected </${closed.name}>`;
  const unmatched = /^unmatched closing tag: (.*)$/.exec(text);
  if (unmatched && open) return `</${unmatched[1]}> closes <${open.name}> (opened at line ${open.line}); expected </${open.name}>`;
  const unclosed = /^unclosed tag: (.*)$/.exec(text);
  if (unclosed && open) return `<${unclosed[1]}> (opened at line ${open.line}) is not closed: the file ends first`;
  if (text === 'undefined entity') return `unknown entity (${ENTITY_NOTE})`;
  if (text === 'disallowed character in entity name' || text === 'empty entity name') return `a bare "&" (write &amp;; ${ENTITY_NOTE})`;
  if (text === 'documents may contain only one root' || text === 'text data outside of root node') return rooted ? 'content after the root element; expected one root element' : 'text before the root element; expected "<"';
  if (text === 'document must contain a root element') return 'expected a root element';
  if (text.startsWith('duplicate attribute: ')) return `attribute ${text.slice('duplicate attribute: '.length)} given twice`;
  return `${text}; expected well-formed XML`;
}

/** The root element of an XML document; an {@link XmlError} ("line L, column C: …") when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let line = 1;
  const fail = (message: string): never => {
    throw new XmlError(`line ${parser.line}, column ${parser.column}: ${message}`);
  };
  parser.on('doctype', () => fail('a DOCTYPE is not accepted (no DTD, entities or external files are read)'));
  parser.on('opentagstart', () => {
    // saxes has read the name and the character after it: column 0 means that was a line break.
    line = parser.column === 0 ? parser.line - 1 : parser.line;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (stack.length >= MAX_XML_DEPTH) fail(`elements nested over ${MAX_XML_DEPTH} deep`);
    const el: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: '', line };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root = el;
    stack.push(el);
  });
  let closed: XmlElement | undefined;
  parser.on('closetag', () => {
    closed = stack.pop();
  });
  const addText = (t: string): void => {
    const el = stack[stack.length - 1];
    if (el) el.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source).close();
  } catch (err) {
    if (err instanceof XmlError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    // An "&" that starts no reference swallows the rest of the file looking for its ";".
    const entity = (parser as unknown as { entity?: string }).entity ?? '';
    if (entity !== '') throw new XmlError(`line ${parser.line - (entity.match(/\n/g)?.length ?? 0)}: a bare "&" (write &amp;; ${ENTITY_NOTE})`);
    const at = source.lastIndexOf('</', parser.position);
    const closing = at < 0 ? '' : (/^<\/([^\s>]*)/.exec(source.slice(at, at + 200))?.[1] ?? '');
    throw new XmlError(`line ${parser.line}, column ${parser.column}: ${explain(message, { open: stack[stack.length - 1], closed, closing }, root !== undefined)}`);
  }
  if (root === undefined) fail('expected a root element');
  return root as XmlElement;
}
