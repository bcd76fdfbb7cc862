/**
 * XML read by saxes (a maintained, streaming, conformant XML parser; jsdom's), as events
 * ({@link readXml}: what the JUnit reader uses, keeping only what it needs) or as a small element tree
 * ({@link parseXml}). Configured safely: a DOCTYPE is refused outright (no DTD is read, so no entity
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

/** What a reader of the events does with them; `depth` is 0 for the root element. */
export interface XmlHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>, line: number, depth: number): void;
  close(name: string, depth: number): void;
  /** Character data and CDATA of the innermost open element. */
  text?(text: string, depth: number): void;
}

/** Deeper nesting is refused: test reports nest a few levels. */
export const MAX_XML_DEPTH = 256;

const ENTITY_NOTE = 'only &lt; &gt; &amp; &apos; &quot; and character references are defined';

/** Where saxes stopped: the innermost open element, the element last closed, the closing tag's name. */
interface Stop {
  open: { name: string; line: number } | undefined;
  closed: { name: string; line: number } | undefined;
  closing: string;
  rooted: boolean;
}

/** saxes' terse messages in words that say what was expected. */
function explain(message: string, { open, closed, closing, rooted }: Stop): string {
  const m = /^\d+:\d+: (.*)$/s.exec(message);
  const text = (m?.[1] ?? message).replace(/\.$/, '');
  if (text === 'unexpected close tag' && closed) return `</${closing}> closes <${closed.name}> (opened at line ${closed.line}); expected </${closed.name}>`;
  const unmatched = /^unmatched closing tag: (.*)$/.exec(text);
  if (unmatched && open) return `</${unmatched[1]}> closes <${open.name}> (opened at line ${open.line}); expected </${open.name}>`;
  const unclosed = /^unclosed tag: (.*)$/.exec(text);
  if (unclosed && open) return `<${unclosed[1]}> (opened at line ${open.line}) is not closed: the file ends first`;
  if (text === 'undefined entity') return `unknown entity (${ENTITY_NOTE})`;
  if (text === 'disallowed character in entity name' || text === 'empty entity name') return `a bare "&" (write &amp;; ${ENTITY_NOTE})`;
  if (text === 'documents may contain only one root' || text === 'text data outside of root node')
    return rooted ? 'content after the root element; expected one root element' : 'text before the root element; expected "<"';
  if (text === 'document must contain a root element') return 'expected a root element';
  if (text.startsWith('duplicate attribute: ')) return `attribute ${text.slice('duplicate attribute: '.length)} given twice`;
  return `${text}; expected well-formed XML`;
}

/** Thrown by a handler to stop reading early (see {@link readXmlRoot}); never escapes. */
class Enough extends Error {}

/**
 * Reads `source`, calling `handlers` for each element and text; an {@link XmlError} ("line L,
 * column C: …") when it is not well-formed. Errors a handler throws pass through unchanged.
 */
export function readXml(source: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: { name: string; line: number }[] = [];
  let rooted = false;
  let line = 1;
  let closed: { name: string; line: number } | undefined;
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
    rooted = true;
    handlers.open(tag.name, tag.attributes, line, stack.length);
    stack.push({ name: tag.name, line });
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    closed = stack.pop();
    handlers.close(tag.name, stack.length);
  });
  const text = handlers.text;
  if (text !== undefined) {
    const onText = (t: string): void => {
      if (stack.length > 0) text(t, stack.length - 1);
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  try {
    parser.write(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source).close();
  } catch (err) {
    if (!(err instanceof Error) || err instanceof XmlError || err instanceof Enough || !/^\d+:\d+: /.test(err.message)) throw err;
    // An "&" that starts no reference swallows the rest of the file looking for its ";".
    const entity = (parser as unknown as { entity?: string }).entity ?? '';
    if (entity !== '') throw new XmlError(`line ${parser.line - (entity.match(/\n/g)?.length ?? 0)}: a bare "&" (write &amp;; ${ENTITY_NOTE})`);
    const at = source.lastIndexOf('</', parser.position);
    const closing = at < 0 ? '' : (/^<\/([^\s>]*)/.exec(source.slice(at, at + 200))?.[1] ?? '');
    throw new XmlError(`line ${parser.line}, column ${parser.column}: ${explain(err.message, { open: stack[stack.length - 1], closed, closing, rooted })}`);
  }
  if (!rooted) fail('expected a root element');
}

/** The root element's name, reading no further than its start tag. */
export function readXmlRoot(source: string): string {
  let root = '';
  try {
    readXml(source, {
      open(name) {
        root = name;
        throw new Enough();
      },
      close() {},
    });
  } catch (err) {
    if (!(err instanceof Enough)) throw err;
  }
  return root;
}

/** The root element of an XML document as a tree; an {@link XmlError} when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  readXml(source, {
    open(name, attributes, line) {
      const el: XmlElement = { name, attributes: { ...attributes }, children: [], text: '', line };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else root = el;
      stack.push(el);
    },
    close() {
      stack.pop();
    },
    text(t) {
      const el = stack[stack.length - 1];
      if (el) el.text += t;
    },
  });
  return root as XmlElement;
}
