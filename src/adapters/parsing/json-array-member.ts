/**
 * The layout most benchmark summaries share: one JSON object whose rows sit in one array member
 * (rlm-code's `case_results`). Scanned with json-scan.ts, member by member, resumable between them
 * and between rows, so a file of any size reads in chunks.
 */
import { BAIL, isWs, JsonScanner, NEED_MORE, Q } from './json-scan.js';

const enum State {
  Start,
  FirstMember,
  Member,
  AfterMember,
  FirstItem,
  NextItem,
  Trail,
}

/**
 * A file holding one JSON object (a UTF-8 byte order mark before it is allowed), scanned member by
 * member: the members are kept as their JSON text (checked later by JSON.parse), but for the one
 * named `arrayKey`, an array whose items are handed to {@link item} one by one as they are read.
 * A member named twice is left to the full path.
 */
export abstract class JsonArrayMemberScanner extends JsonScanner {
  private state = State.Start;
  /** The other members, by name: their JSON text. */
  readonly members = new Map<string, string>();
  /** Whether the array member has been reached. */
  private inArray = false;

  constructor(
    fd: number,
    chunk: number,
    private readonly arrayKey: string,
  ) {
    super(fd, chunk);
  }

  /** Called when the array starts (before its first item), with the members before it in {@link members}. */
  protected abstract beginItems(): void;
  /** Scans one item at pos (not whitespace), leaving pos after it. */
  protected abstract item(): void;

  protected step(): boolean {
    switch (this.state) {
      case State.Start: {
        if (this.end - this.pos < 3 && !this.eof) throw NEED_MORE;
        const b = this.buf;
        if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.pos = 3;
        this.expect(0x7b);
        this.state = State.FirstMember;
        return false;
      }
      case State.FirstMember:
        if (this.ws() === 0x7d) {
          this.pos++;
          this.state = State.Trail;
          return false;
        }
        this.state = State.Member;
        return false;
      case State.Member: {
        if (this.ws() !== Q) throw BAIL;
        const name = this.string(true) as string;
        this.expect(0x3a);
        if (this.members.has(name) || (name === this.arrayKey && this.inArray)) throw BAIL;
        if (name === this.arrayKey) {
          this.expect(0x5b);
          this.beginItems();
          this.inArray = true;
          this.state = State.FirstItem;
          return false;
        }
        const from = this.skipValue();
        this.members.set(name, this.buf.toString('utf8', from, this.pos));
        this.state = State.AfterMember;
        return false;
      }
      case State.AfterMember: {
        const c = this.ws();
        this.pos++;
        if (c === 0x2c) this.state = State.Member;
        else if (c === 0x7d) this.state = State.Trail;
        else throw BAIL;
        return false;
      }
      case State.FirstItem:
        if (this.ws() === 0x5d) {
          this.pos++;
          this.state = State.AfterMember;
          return false;
        }
        this.item();
        this.state = State.NextItem;
        return false;
      case State.NextItem: {
        const c = this.ws();
        this.pos++;
        if (c === 0x5d) {
          this.state = State.AfterMember;
          return false;
        }
        if (c !== 0x2c) throw BAIL;
        this.item();
        return false;
      }
      case State.Trail: {
        const b = this.buf;
        while (this.pos < this.end && isWs(b[this.pos] as number)) this.pos++;
        if (this.pos < this.end) throw BAIL;
        if (!this.eof) throw NEED_MORE;
        return true;
      }
    }
  }
}
