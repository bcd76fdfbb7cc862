/**
 * A small, strict XML reader for test reports (JUnit): elements, attributes in either quote, the five
 * predefined entities and numeric character references, CDATA, comments, processing instructions and
 * the XML declaration. A DOCTYPE is refused: benchgate defines no entities, so nothing can expand
 * (no "billion laughs"), and no external file is ever read. Errors give the line and column.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data and CDATA), concatenated. */
  text: string;
  line: number;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  where(at = this.pos): string {
    const before = this.text.slice(0, at);
    const line = before.split('\n').length;
    return `line ${line}, column ${at - before.lastIndexOf('\n')}`;
  }
  line(): number {
    return this.text.slice(0, this.pos).split('\n').length;
  }
  fail(message: string, at = this.pos): never {
    throw new XmlError(`${this.where(at)}: ${message}`);
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }
  name(): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.text);
    if (!m) this.fail('expected a name');
    this.pos += m[0].length;
    return m[0];
  }
  until(end: string, what: string): string {
    const at = this.text.indexOf(end, this.pos);
    if (at < 0) this.fail(`unclosed ${what}`);
    const out = this.text.slice(this.pos, at);
    this.pos = at + end.length;
    return out;
  }
  decode(raw: string, at: number): string {
    return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (whole: string, ref: string | undefined) => {
      if (ref === undefined) this.fail('a bare "&" (write &amp;)', at);
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!(code > 0 && code <= 0x10ffff)) this.fail(`invalid character reference ${whole}`, at);
        return String.fromCodePoint(code);
      }
      const v = ENTITIES[ref];
      if (v === undefined) this.fail(`unknown entity ${whole} (only &lt; &gt; &amp; &apos; &quot; are defined)`, at);
      return v;
    });
  }
  /** Comments, processing instructions and (before the root) the declaration; refuses a DOCTYPE. */
  misc(): boolean {
    if (this.startsWith('<!--')) return (this.pos += 4, this.until('-->', 'comment'), true);
    if (this.startsWith('<?')) return (this.pos += 2, this.until('?>', 'processing instruction'), true);
    if (this.startsWith('<!DOCTYPE') || this.startsWith('<!doctype')) this.fail('a DOCTYPE is not accepted (no entities or external files are read)');
    return false;
  }
  attributes(): Record<string, string> {
    const out: Record<string, string> = {};
    for (;;) {
      this.skipSpace();
      if (this.startsWith('>') || this.startsWith('/>')) return out;
      const at = this.pos;
      const key = this.name();
      this.skipSpace();
      if (!this.startsWith('=')) this.fail(`attribute ${key}: expected =`);
      this.pos++;
      this.skipSpace();
      const quote = this.text[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`attribute ${key}: expected a quoted value`);
      this.pos++;
      const raw = this.until(quote, `attribute ${key}`);
      if (raw.includes('<')) this.fail(`attribute ${key}: "<" in a value`, at);
      if (Object.hasOwn(out, key)) this.fail(`attribute ${key} given twice`, at);
      out[key] = this.decode(raw, at);
    }
  }
  element(depth: number): XmlElement {
    if (depth > 100) this.fail('elements nested over 100 deep');
    const line = this.line();
    this.pos++; // <
    const name = this.name();
    const el: XmlElement = { name, attributes: this.attributes(), children: [], text: '', line };
    if (this.startsWith('/>')) return (this.pos += 2, el);
    this.pos++; // >
    for (;;) {
      const at = this.pos;
      const next = this.text.indexOf('<', this.pos);
      if (next < 0) this.fail(`<${name}> is not closed`);
      el.text += this.decode(this.text.slice(this.pos, next), at);
      this.pos = next;
      if (this.startsWith('</')) {
        this.pos += 2;
        const close = this.name();
        if (close !== name) this.fail(`</${close}> closes <${name}> (opened at line ${line})`, next);
        this.skipSpace();
        if (!this.startsWith('>')) this.fail('expected >');
        this.pos++;
        return el;
      }
      if (this.startsWith('<![CDATA[')) {
        this.pos += 9;
        el.text += this.until(']]>', 'CDATA section');
      } else if (!this.misc()) el.children.push(this.element(depth + 1));
    }
  }
}

/** The root element of an XML document. */
export function parseXml(source: string): XmlElement {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const r = new Reader(text);
  for (;;) {
    r.skipSpace();
    if (!r.misc()) break;
  }
  if (!r.startsWith('<')) r.fail('expected the root element');
  const root = r.element(0);
  for (;;) {
    r.skipSpace();
    if (r.pos >= text.length || !r.misc()) break;
  }
  r.skipSpace();
  if (r.pos < text.length && text.slice(r.pos).trim() !== '') r.fail('content after the root element');
  return root;
}
