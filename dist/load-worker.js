import { workerData, parentPort } from 'node:worker_threads';
import { openSync, constants, fstatSync, closeSync, statSync, readSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import 'node:crypto';
import 'node:path';
import { isUtf8 } from 'node:buffer';

/**
 * The one error taxonomy. A {@link UserError} is caused by the input, the configuration or the
 * environment, and is the user's to fix: the CLI prints its message (never a stack trace) and exits 2;
 * the action fails the step and completes the check run with it. Anything else that escapes is a bug
 * in benchgate: the CLI exits 4 with {@link bugMessage}, the action completes the check run with it.
 * Throw a subclass of UserError for every failure a user can cause; never a bare Error.
 */
/** An error the user can fix; its message says what is wrong, where, and what was expected. */
class UserError extends Error {
    name = 'UserError';
}
/** Bad input data: the message names the file, the JSON path or case id, and what was expected. */
class InputError extends UserError {
    name = 'InputError';
}
/** A Node.js system error (ENOENT, EACCES, ENOSPC …): the file system, the network or the machine, not benchgate. */
function isSystemError(err) {
    return err instanceof Error && typeof err.code === 'string' && typeof err.syscall === 'string';
}
/** An HTTP error from the REST client (Octokit's RequestError: `HttpError` with a status), or a request that failed on the network. */
function isServiceError(err) {
    if (!(err instanceof Error))
        return false;
    if (err.name === 'HttpError' && typeof err.status === 'number')
        return true;
    return isSystemError(err.cause);
}
/** True for the errors that are the user's to fix (exit 2 with a message): a UserError, or a system or service failure. */
function isUserError(err) {
    return err instanceof UserError || isSystemError(err) || isServiceError(err);
}

/**
 * Files the user names, opened only when they are what they claim to be. A FIFO, a character device
 * such as /dev/zero, or a symlink to one would make a read wait for ever or never end, and a rename
 * over /dev/null (as root, in a container job) replaces the device with a regular file. So inputs are
 * checked with stat *before* they are opened, opened non-blocking (a FIFO swapped in between cannot
 * block), and checked again on the open descriptor; outputs go only to a regular file or a new path.
 */
/** What a non-regular file is, for messages: "a FIFO (named pipe)", "a character device", … */
function kindOf(stats) {
    if (stats.isDirectory())
        return 'a directory';
    if (stats.isFIFO())
        return 'a FIFO (named pipe)';
    if (stats.isCharacterDevice())
        return 'a character device';
    if (stats.isBlockDevice())
        return 'a block device';
    if (stats.isSocket())
        return 'a socket';
    if (stats.isFile())
        return 'a regular file';
    return 'not a regular file';
}
function statOrExplain(file, fail) {
    try {
        return statSync(file);
    }
    catch (err) {
        const code = err.code;
        throw fail(code === 'ENOENT'
            ? 'no such file'
            : code === 'ENOTDIR'
                ? 'a part of the path is not a directory'
                : code === 'EACCES' || code === 'EPERM'
                    ? 'permission denied'
                    : code === 'ELOOP'
                        ? 'too many symbolic links'
                        : `cannot read file (${String(code ?? err.message)})`);
    }
}
const notRegular = (stats) => `is ${kindOf(stats)}, expected a regular file (benchgate never reads pipes or devices: they may never end)`;
/** Refuses anything but a regular file or (when `directories`) a directory, without opening it. */
function checkInputPath(file, options = {}) {
    const fail = options.fail ?? ((why) => new InputError(`${file}: ${why}`));
    const stats = statOrExplain(file, fail);
    if (stats.isDirectory() && options.directories)
        return stats;
    if (stats.isDirectory())
        throw fail('is a directory, expected a file');
    if (!stats.isFile())
        throw fail(notRegular(stats));
    if (options.maxBytes !== undefined && stats.size > options.maxBytes)
        throw fail(`${stats.size} bytes, over the ${options.maxBytes}-byte limit`);
    return stats;
}
/**
 * Opens a regular file for reading: checked before opening, opened non-blocking, checked again on the
 * descriptor (it may have been swapped for a FIFO in between). The caller closes the descriptor.
 */
function openRegularFile(file, options = {}) {
    const fail = options.fail ?? ((why) => new InputError(`${file}: ${why}`));
    checkInputPath(file, options);
    let fd;
    try {
        fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    }
    catch (err) {
        throw fail(`cannot open (${String(err.code ?? err.message)})`);
    }
    const stats = fstatSync(fd);
    if (!stats.isFile() || (options.maxBytes !== undefined && stats.size > options.maxBytes)) {
        closeSync(fd);
        throw fail(stats.isFile() ? `${stats.size} bytes, over the ${options.maxBytes}-byte limit` : notRegular(stats));
    }
    return { fd, size: stats.size };
}

const NO_FIELDS = { numbers: [], labels: [] };
/** The value at a dotted path of a case's `extra`, or undefined. */
function fieldValue(extra, path) {
    if (Object.hasOwn(extra, path))
        return extra[path];
    let v = extra;
    for (const key of path.split('.')) {
        if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, key))
            return undefined;
        v = v[key];
    }
    return v;
}
function fieldNumber(v) {
    if (typeof v === 'boolean')
        return v ? 1 : 0;
    return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}
function fieldLabel(v) {
    if (typeof v === 'string')
        return v;
    if (typeof v === 'number' || typeof v === 'boolean')
        return String(v);
    return null;
}
/**
 * Where each number of a case sits among its {@link SLOTS}; absent usage and harness counters are 0.
 * A new per-case number takes the next slot here, a line in {@link SummaryPacker.add} and in
 * unpackCases, and a reader and when a row records it in packed-rows.ts (docs/architecture.md).
 */
const SLOT = {
    reward: 0,
    steps: 1,
    duration: 2,
    totalCalls: 3,
    promptTokens: 4,
    completionTokens: 5,
    harnessToolCalls: 6,
    mcpToolCalls: 7,
    chainCalls: 8,
    searchCalls: 9,
    discoveryCalls: 10,
};
/** Numbers per case. */
const SLOTS = Object.keys(SLOT).length;
/** The bits of a case's flags. */
const FLAG = { completed: 1, usage: 2, harness: 4, guardrail: 8, mcpKnown: 16, mcpEnabled: 32, duration: 64 };
const WIDE = /[\ud800-\uffff]/;
/** The dictionary-encoded columns, in the order {@link SummaryPacker.code} numbers them. */
const COLUMNS = ['mode', 'environment', 'task_family', 'domain', 'split', 'length_bucket', 'mcp_server', 'harness_strategy'];
class ColumnEncoder {
    codes = new Map();
    index;
    constructor(capacity) {
        this.index = new Int32Array(capacity);
    }
    grow(capacity) {
        const index = new Int32Array(capacity);
        index.set(this.index);
        this.index = index;
    }
    /** The code of `v`: new values take the next code, in the order they first come. */
    code(v) {
        let code = this.codes.get(v);
        if (code === undefined)
            this.codes.set(v, (code = this.codes.size));
        return code;
    }
    set(i, v) {
        this.index[i] = this.code(v);
    }
    finish(count) {
        return { values: [...this.codes.keys()], index: count === this.index.length ? this.index : this.index.slice(0, count) };
    }
}
function flagsOf(c) {
    let f = c.completed ? FLAG.completed : 0;
    if (c.usage)
        f |= FLAG.usage;
    if (c.duration_seconds !== null)
        f |= FLAG.duration;
    const h = c.harness;
    if (h) {
        f |= FLAG.harness;
        if (h.codemode_guardrail_blocked)
            f |= FLAG.guardrail;
        if (h.mcp_enabled !== null)
            f |= FLAG.mcpKnown | (h.mcp_enabled ? FLAG.mcpEnabled : 0);
    }
    return f;
}
/**
 * Packs cases one at a time, so an adapter can pack rows as it validates them and no case object
 * outlives its row (nor the object passed to {@link SummaryPacker.add}: a reader may pass the same
 * one again). `capacity` is the number of cases expected; more may be added when `growable`.
 */
class SummaryPacker {
    grow;
    count = 0;
    /** The ids of the cases added so far. */
    ids = [];
    /** See {@link PackedSummary.sortedIds}: checked as each id arrives, while it is at hand. */
    sortedIds = true;
    numbers;
    flags;
    errors = {};
    encoders;
    /** The same encoders, in {@link COLUMNS} order. */
    encoderList;
    fieldNumbers;
    fieldLabels;
    /** `grow`, when given, is the new capacity for a packer that is full (else adding past capacity fails). */
    constructor(capacity, fields = NO_FIELDS, grow) {
        this.grow = grow;
        this.numbers = new Float64Array(capacity * SLOTS);
        this.flags = new Uint8Array(capacity);
        this.encoders = Object.fromEntries(COLUMNS.map((name) => [name, new ColumnEncoder(capacity)]));
        this.encoderList = COLUMNS.map((name) => this.encoders[name]);
        this.fieldNumbers = [...new Set(fields.numbers)].map((name) => [name, new Float64Array(capacity).fill(NaN)]);
        this.fieldLabels = [...new Set(fields.labels)].map((name) => [name, new ColumnEncoder(capacity)]);
    }
    /** The cases added so far. */
    get size() {
        return this.count;
    }
    enlarge() {
        const capacity = this.grow(this.flags.length);
        const numbers = new Float64Array(capacity * SLOTS);
        numbers.set(this.numbers);
        this.numbers = numbers;
        const flags = new Uint8Array(capacity);
        flags.set(this.flags);
        this.flags = flags;
        for (const name of COLUMNS)
            this.encoders[name].grow(capacity);
        for (const entry of this.fieldNumbers) {
            const column = new Float64Array(capacity).fill(NaN);
            column.set(entry[1]);
            entry[1] = column;
        }
        for (const [, column] of this.fieldLabels)
            column.grow(capacity);
    }
    add(c) {
        if (this.grow !== undefined && this.count === this.flags.length)
            this.enlarge();
        const i = this.count++;
        const n = this.numbers;
        const at = i * SLOTS;
        const u = c.usage;
        const h = c.harness;
        const l = c.labels;
        const e = this.encoders;
        this.pushId(c.id, false);
        n[at + SLOT.reward] = c.reward;
        n[at + SLOT.steps] = c.steps;
        n[at + SLOT.duration] = c.duration_seconds ?? NaN;
        if (u) {
            n[at + SLOT.totalCalls] = u.total_calls;
            n[at + SLOT.promptTokens] = u.prompt_tokens;
            n[at + SLOT.completionTokens] = u.completion_tokens;
        }
        if (h) {
            n[at + SLOT.harnessToolCalls] = h.harness_tool_calls;
            n[at + SLOT.mcpToolCalls] = h.mcp_tool_calls;
            n[at + SLOT.chainCalls] = h.codemode_chain_calls;
            n[at + SLOT.searchCalls] = h.codemode_search_calls;
            n[at + SLOT.discoveryCalls] = h.codemode_discovery_calls;
        }
        this.flags[i] = flagsOf(c);
        if (c.error !== null)
            this.errors[i] = c.error;
        e.mode.set(i, c.mode);
        e.environment.set(i, l.environment);
        e.task_family.set(i, l.task_family);
        e.domain.set(i, l.domain);
        e.split.set(i, l.split);
        e.length_bucket.set(i, l.length_bucket);
        e.mcp_server.set(i, h ? h.mcp_server : null);
        e.harness_strategy.set(i, h ? h.harness_strategy : null);
        for (const [name, column] of this.fieldNumbers)
            column[i] = fieldNumber(fieldValue(c.extra, name));
        for (const [name, column] of this.fieldLabels)
            column.set(i, fieldLabel(fieldValue(c.extra, name)));
    }
    /** Notes the next case's id; `narrow`: known to hold no UTF-16 unit from U+D800 up (see {@link PackedSummary.sortedIds}). */
    pushId(id, narrow) {
        const ids = this.ids;
        if (this.sortedIds) {
            const last = ids[ids.length - 1];
            if ((last !== undefined && !(last < id)) || (!narrow && WIDE.test(id)))
                this.sortedIds = false;
        }
        ids.push(id);
    }
    // A reader may also write a case straight into the columns, with no case object (the streaming
    // rlm-code reader does, for speed): reserveRow, then rowNumbers, rowFlags, rowCodes with code,
    // then commitRow. It must leave the packed form add would: the tests compare the two.
    /** The index of the next case, with room for it in the arrays below (which it may replace). */
    reserveRow() {
        if (this.grow !== undefined && this.count === this.flags.length)
            this.enlarge();
        return this.count;
    }
    /** {@link SLOTS} numbers per case (until the next reserveRow): a reserved case's are 0, its duration must be written (NaN for none). */
    get rowNumbers() {
        return this.numbers;
    }
    /** The {@link FLAG} bits per case (until the next reserveRow). */
    get rowFlags() {
        return this.flags;
    }
    /** The codes by case of column `column` (its index in {@link COLUMNS}; until the next reserveRow): each case needs one. */
    rowCodes(column) {
        return this.encoderList[column].index;
    }
    /** The code of `v` in column `column` (its index in {@link COLUMNS}); a new value takes the next code, as in add. */
    code(column, v) {
        return this.encoderList[column].code(v);
    }
    /** Ends the reserved case: its id (`narrow`: see pushId) and its error; kept fields it has none of (no extra). */
    commitRow(id, narrow, error) {
        const i = this.count++;
        this.pushId(id, narrow);
        if (error !== null)
            this.errors[i] = error;
        for (const [, column] of this.fieldLabels)
            column.set(i, null);
    }
    finish(head) {
        const k = this.count;
        const full = k === this.flags.length;
        const columns = Object.fromEntries(COLUMNS.map((name) => [name, this.encoders[name].finish(k)]));
        const durations = new Float64Array(k);
        let timed = 0;
        for (let i = 0; i < k; i++)
            if (this.flags[i] & FLAG.duration)
                durations[timed++] = this.numbers[i * SLOTS + SLOT.duration];
        return {
            head,
            ids: this.ids,
            sortedIds: this.sortedIds,
            numbers: full ? this.numbers : this.numbers.slice(0, k * SLOTS),
            flags: full ? this.flags : this.flags.slice(0, k),
            errors: this.errors,
            sortedDurations: durations.subarray(0, timed).sort(),
            columns,
            fields: {
                numbers: Object.fromEntries(this.fieldNumbers.map(([name, column]) => [name, full ? column : column.slice(0, k)])),
                labels: Object.fromEntries(this.fieldLabels.map(([name, column]) => [name, column.finish(k)])),
            },
        };
    }
}
/** The buffers to pass as postMessage's transfer list. */
function transferables(p) {
    return [
        p.numbers.buffer,
        p.flags.buffer,
        p.sortedDurations.buffer,
        ...Object.values(p.columns).map((c) => c.index.buffer),
        ...Object.values(p.fields.numbers).map((a) => a.buffer),
        ...Object.values(p.fields.labels).map((c) => c.index.buffer),
    ];
}

/**
 * Writes cases straight into a {@link SummaryPacker}'s columns, with no case object: the streaming
 * rlm-code reader does, for speed (one case object per row is garbage 100,000 times over). The
 * layout of the packed numbers and flags stays in this folder; a reader names what it writes.
 * A case written here must pack as `SummaryPacker.add` packs the same case: the streaming reader's
 * tests compare the two on every fixture and on generated summaries.
 */
/**
 * One case at a time: {@link begin}, then the setters the case needs (a case that completed, with
 * a duration, usage or harness counters; its label codes), then {@link commit}. What is not set is
 * what `add` packs for a case without it (not completed, no duration, no usage, not a harness run).
 */
class RowWriter {
    packer;
    i = 0;
    at = 0;
    flags = 0;
    numbers;
    constructor(packer) {
        this.packer = packer;
        this.numbers = packer.rowNumbers;
    }
    /** Starts the next case (the packer grows when full); its reward and steps, and whether it completed. */
    begin(completed, reward, steps) {
        const i = this.packer.reserveRow();
        const n = (this.numbers = this.packer.rowNumbers);
        const at = (this.at = i * SLOTS);
        this.i = i;
        this.flags = completed ? FLAG.completed : 0;
        n[at + SLOT.reward] = reward;
        n[at + SLOT.steps] = steps;
        n[at + SLOT.duration] = NaN;
    }
    /** The case's duration in seconds. */
    duration(seconds) {
        this.numbers[this.at + SLOT.duration] = seconds;
        this.flags |= FLAG.duration;
    }
    /** The case's usage counters. */
    usage(totalCalls, promptTokens, completionTokens) {
        const n = this.numbers;
        const at = this.at;
        n[at + SLOT.totalCalls] = totalCalls;
        n[at + SLOT.promptTokens] = promptTokens;
        n[at + SLOT.completionTokens] = completionTokens;
        this.flags |= FLAG.usage;
    }
    /**
     * Marks a harness case: its counters (0 for those the row lacks), whether the guardrail blocked
     * it, and whether MCP was on (null: not said).
     */
    harness(toolCalls, mcpCalls, chainCalls, searchCalls, discoveryCalls, guardrail, mcp) {
        const n = this.numbers;
        const at = this.at;
        n[at + SLOT.harnessToolCalls] = toolCalls;
        n[at + SLOT.mcpToolCalls] = mcpCalls;
        n[at + SLOT.chainCalls] = chainCalls;
        n[at + SLOT.searchCalls] = searchCalls;
        n[at + SLOT.discoveryCalls] = discoveryCalls;
        let f = this.flags | FLAG.harness;
        if (guardrail)
            f |= FLAG.guardrail;
        if (mcp !== null)
            f |= FLAG.mcpKnown | (mcp ? FLAG.mcpEnabled : 0);
        this.flags = f;
    }
    /** The case's code in column `column` (its index in schema/pack.ts COLUMNS; see SummaryPacker.code): every column needs one. */
    label(column, code) {
        this.packer.rowCodes(column)[this.i] = code;
    }
    /** Ends the case: its id (`narrow`: see SummaryPacker.commitRow) and its error text. */
    commit(id, narrow, error) {
        this.packer.rowFlags[this.i] = this.flags;
        this.packer.commitRow(id, narrow, error);
    }
}

/**
 * Finds where a JSON text breaks, for error messages. `JSON.parse` says "Unexpected token" with no
 * position on some errors and never names the field, so when it fails this scanner walks the text
 * once more and reports the line, column and JSON path of the first problem.
 *
 * Python's `json.dumps` writes `NaN`, `Infinity` and `-Infinity` for non-finite floats (rlm-code does
 * when a metric is undefined): those are reported as such, with the field they sit in, because that is
 * a data problem the user must fix upstream, not a corrupt file.
 */
/** Formats a path the way errors show it: `$`, `$.a.b[2]`, `$["odd key"]`. */
function formatPath(path) {
    let out = '$';
    for (const seg of path) {
        if (typeof seg === 'number')
            out += `[${seg}]`;
        else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg))
            out += `.${seg}`;
        else
            out += `[${JSON.stringify(seg)}]`;
    }
    return out;
}

/**
 * The path of the first non-finite number inside `value`, or null. JSON.parse turns literals too
 * large for a double (1e999) into ±Infinity without complaint; typed fields reject them in the
 * schemas, and adapters check the values they keep verbatim (unknown fields, expected answers) here.
 */
function nonFinitePath(value, path = []) {
    if (typeof value === 'number')
        return Number.isFinite(value) ? null : path;
    if (value === null || typeof value !== 'object')
        return null;
    for (const [k, v] of Object.entries(value)) {
        const found = nonFinitePath(v, [...path, Array.isArray(value) ? Number(k) : k]);
        if (found)
            return found;
    }
    return null;
}

/**
 * A resumable scanner of JSON bytes read from a file in chunks: it checks the bytes as JSON.parse
 * would (UTF-8, strings and their escapes, numbers, literals) and reads object keys by table, with
 * no whole-file string and no object per value. A format's streaming reader extends
 * json-array-member.ts's scanner (rlm-code-stream.ts does): it is handed each item of one array
 * member of the top-level object, and the other members as their JSON text.
 *
 * Two things are thrown inside a scan, never out of it: {@link NEED_MORE} when the bytes at hand end
 * before the current unit (then the unit is read again from its start with more bytes), and
 * {@link BAIL} when the bytes are not JSON or not what the reader handles (then the reader returns
 * null, and the full path, which names the problem, reads the file).
 *
 * It imports neither zod nor yaml: the loading thread's small entry (load/load-worker.ts) runs it.
 */
/** Thrown inside the scanner: the bytes at hand end before the current unit (an item, a top-level member). */
const NEED_MORE = { need: 'more' };
/** Thrown inside the scanner: something the full path must handle or explain. */
const BAIL = { bail: true };
function keyTable(keys) {
    const byHash = new Map();
    const bytes = keys.map((k) => Buffer.from(k, 'latin1'));
    keys.forEach((k, i) => {
        const h = hashOf(bytes[i], 0, k.length);
        if (byHash.has(h))
            throw new Error(`key hash collision: ${k}`);
        byHash.set(h, i);
    });
    const n = keys.length + 1;
    return { byHash, bytes, next: new Int32Array(n).fill(-1), path: new Array(2 * n).fill(null), pathKey: new Int32Array(2 * n).fill(-1) };
}
function hashOf(b, from, to) {
    let h = 0;
    for (let i = from; i < to; i++)
        h = (Math.imul(h, 31) + b[i]) | 0;
    return h;
}
/** What {@link JsonScanner.nextKey} returns at the end of the object. */
const END = -2;
/** The longest path between two values that is kept (see KeyTable.path). */
const PATH_BYTES = 64;
/** Exact powers of ten (the fast path of the number parser: one correctly rounded operation). */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
/** The JSON string with contents at [at, at + len) of buf (the quotes around it included), decoded. */
function decodeString(buf, at, len) {
    return JSON.parse(buf.toString('utf8', at - 1, at + len + 1));
}
function growInts(a) {
    const b = new Int32Array(a.length * 2);
    b.set(a);
    return b;
}
const Q = 0x22; // "
const BS = 0x5c; // \
const isWs = (b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
/** The scanner: the bytes of one file, the position in them, and the JSON tokens at that position. */
class JsonScanner {
    fd;
    buf;
    pos = 0;
    end = 0;
    eof = false;
    /** Bytes of buf before this index have been checked to be valid UTF-8. */
    checked = 0;
    /** Where the last string scanned starts (after its quote), and whether it has no escapes. */
    strStart = 0;
    strPlain = true;
    /** Whether the last string scanned is ASCII. */
    strAscii = true;
    constructor(fd, chunk) {
        this.fd = fd;
        this.buf = Buffer.allocUnsafe(chunk);
    }
    /** Scans the whole file: true when the steps are done, false when the file ends before (throws BAIL). */
    scanFile() {
        this.refill(0);
        for (;;) {
            const mark = this.pos;
            try {
                if (this.step())
                    return true;
            }
            catch (err) {
                if (err !== NEED_MORE)
                    throw err;
                if (this.eof)
                    return false;
                this.pos = mark;
                this.refill(mark);
                this.pos = 0;
            }
        }
    }
    /** Reads more of the file, keeping the unit being scanned (from `keep`); sets `eof` at the end of the file. */
    refill(keep) {
        // Bytes past `checked` end the data in an unfinished UTF-8 sequence: a unit cannot have ended after them unless broken.
        if (keep > this.checked)
            throw BAIL;
        if (keep > 0) {
            this.buf.copyWithin(0, keep, this.end);
            this.end -= keep;
            this.checked -= keep;
        }
        if (this.end === this.buf.length) {
            const bigger = Buffer.allocUnsafe(this.buf.length * 2);
            this.buf.copy(bigger, 0, 0, this.end);
            this.buf = bigger;
        }
        const n = readSync(this.fd, this.buf, this.end, this.buf.length - this.end, null);
        if (n === 0)
            this.eof = true;
        this.end += n;
        this.checkUtf8();
    }
    /** Checks the bytes read so far are UTF-8 (up to a sequence cut by the chunk's end); invalid: the full path says where. */
    checkUtf8() {
        let cut = this.end;
        if (!this.eof) {
            for (let k = this.end - 1; k >= Math.max(this.checked, this.end - 3); k--) {
                const b = this.buf[k];
                if (b < 0x80)
                    break;
                if (b >= 0xc0) {
                    const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
                    if (k + len > this.end)
                        cut = k;
                    break;
                }
            }
        }
        if (!isUtf8(this.buf.subarray(this.checked, cut)))
            throw BAIL;
        this.checked = cut;
    }
    /** Skips whitespace: the byte at pos after it. */
    ws() {
        const b = this.buf;
        let p = this.pos;
        const end = this.end;
        while (p < end) {
            const c = b[p];
            if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
                this.pos = p;
                return c;
            }
            p++;
        }
        this.pos = p;
        throw NEED_MORE;
    }
    /** Skips whitespace and the byte `c` (anything else: BAIL). */
    expect(c) {
        if (this.ws() !== c)
            throw BAIL;
        this.pos++;
    }
    /**
     * Scans a JSON string whose opening quote is at pos; returns its decoded value when `keep`, else
     * null. Checks what JSON.parse checks: escapes, no raw control characters.
     */
    string(keep) {
        const b = this.buf;
        const start = this.pos + 1;
        let p = start;
        const end = this.end;
        let plain = true;
        let ascii = true;
        for (;;) {
            if (p >= end)
                throw NEED_MORE;
            const c = b[p];
            if (c === Q)
                break;
            if (c < 0x20)
                throw BAIL;
            if (c === BS) {
                plain = false;
                if (p + 1 >= end)
                    throw NEED_MORE;
                const e = b[p + 1];
                if (e === 0x75) {
                    if (p + 5 >= end)
                        throw NEED_MORE;
                    for (let k = p + 2; k < p + 6; k++) {
                        const h = b[k];
                        if (!((h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66)))
                            throw BAIL;
                    }
                    p += 6;
                    continue;
                }
                if (e !== Q && e !== BS && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74)
                    throw BAIL;
                p += 2;
                continue;
            }
            if (c >= 0x80)
                ascii = false;
            p++;
        }
        this.pos = p + 1;
        this.strStart = start;
        this.strPlain = plain;
        this.strAscii = ascii;
        if (!keep)
            return null;
        if (plain)
            return b.toString(ascii ? 'latin1' : 'utf8', start, p);
        return JSON.parse(b.toString('utf8', start - 1, p + 1));
    }
    /**
     * From the end of key `prev`'s value (from just after the `{` when -1) to the start of the next
     * value: returns its key's index in `table` (-1: a key it does not hold), with pos at the value
     * (not whitespace), or END with pos after the `}`. The bytes on the way are most often those of
     * the previous row (see KeyTable.path): compared as a whole, they say the key at once.
     */
    nextKey(table, prev) {
        const b = this.buf;
        const from = this.pos;
        const slot = 2 * (prev + 1);
        for (let s = slot; s < slot + 2; s++) {
            const path = table.path[s];
            if (path == null)
                break;
            const len = path.length;
            if (from + len >= this.end)
                break;
            let i = 0;
            while (i < len && b[from + i] === path[i])
                i++;
            if (i === len) {
                this.pos = from + len;
                if (isWs(b[this.pos]))
                    this.ws(); // more space before this value than before the last
                return table.pathKey[s];
            }
        }
        const c = this.ws();
        if (c === 0x7d) {
            this.pos++;
            return END;
        }
        if (prev >= 0) {
            if (c !== 0x2c)
                throw BAIL;
            this.pos++;
        }
        const k = this.key(table, prev);
        this.ws();
        if (k >= 0 && this.pos - from <= PATH_BYTES) {
            table.path[slot + 1] = table.path[slot];
            table.pathKey[slot + 1] = table.pathKey[slot];
            table.path[slot] = new Uint8Array(b.subarray(from, this.pos)); // a copy: the buffer is read into again
            table.pathKey[slot] = k;
        }
        return k;
    }
    /**
     * A key's index in `table`, or -1 for a key it does not hold; pos after the colon. `prev` is the
     * previous key's index in the object (-1 for the first): rows repeat their key order, so the key
     * that followed it last time is tried first, byte for byte, before the hash lookup.
     */
    key(table, prev) {
        if (this.ws() !== Q)
            throw BAIL;
        const b = this.buf;
        const start = this.pos + 1;
        const guess = table.next[prev + 1];
        if (guess >= 0) {
            const want = table.bytes[guess];
            const len = want.length;
            if (start + len < this.end && b[start + len] === Q) {
                let i = 0;
                while (i < len && b[start + i] === want[i])
                    i++;
                if (i === len) {
                    this.pos = start + len + 1;
                    this.expect(0x3a);
                    return guess;
                }
            }
        }
        let p = start;
        let h = 0;
        for (;;) {
            if (p >= this.end)
                throw NEED_MORE;
            const c = b[p];
            if (c === Q)
                break;
            if (c === BS || c < 0x20) {
                // An escaped key is rare: scan it as a string and look it up by its decoded value.
                const name = this.string(true);
                this.expect(0x3a);
                return table.bytes.findIndex((x) => x.toString('latin1') === name);
            }
            h = (Math.imul(h, 31) + c) | 0;
            p++;
        }
        this.pos = p + 1;
        let k = table.byHash.get(h) ?? -1;
        if (k >= 0) {
            const want = table.bytes[k];
            if (want.length !== p - start)
                k = -1;
            else
                for (let i = 0; i < want.length; i++)
                    if (b[start + i] !== want[i])
                        k = -1;
        }
        this.expect(0x3a);
        if (k >= 0)
            table.next[prev + 1] = k;
        return k;
    }
    /**
     * A JSON number at pos (JSON's grammar exactly), parsed to the double JSON.parse gives, into
     * `into[at]` (a double returned from a call would be boxed: a heap object per number).
     */
    number(into, at) {
        const b = this.buf;
        const end = this.end;
        const start = this.pos;
        let p = start;
        let neg = false;
        if (b[p] === 0x2d) {
            neg = true;
            p++;
        }
        let m = 0;
        let digits = 0;
        let c = p < end ? b[p] : -1;
        if (c === 0x30) {
            p++;
        }
        else if (c >= 0x31 && c <= 0x39) {
            while (p < end && (c = b[p]) >= 0x30 && c <= 0x39) {
                m = m * 10 + (c - 0x30);
                digits++;
                p++;
            }
        }
        else if (p >= end)
            throw NEED_MORE;
        else
            throw BAIL;
        let scale = 0;
        if (p < end && b[p] === 0x2e) {
            p++;
            const from = p;
            while (p < end && (c = b[p]) >= 0x30 && c <= 0x39) {
                m = m * 10 + (c - 0x30);
                if (m !== 0)
                    digits++;
                p++;
            }
            if (p >= end)
                throw NEED_MORE;
            if (p === from)
                throw BAIL;
            scale = p - from;
        }
        let exp = 0;
        if (p < end && (b[p] === 0x65 || b[p] === 0x45)) {
            p++;
            let eneg = false;
            if (p < end && (b[p] === 0x2b || b[p] === 0x2d)) {
                eneg = b[p] === 0x2d;
                p++;
            }
            const from = p;
            while (p < end && (c = b[p]) >= 0x30 && c <= 0x39) {
                exp = Math.min(exp * 10 + (c - 0x30), 1e6);
                p++;
            }
            if (p >= end)
                throw NEED_MORE;
            if (p === from)
                throw BAIL;
            if (eneg)
                exp = -exp;
        }
        if (p >= end)
            throw NEED_MORE; // the number might go on in the next chunk
        this.pos = p;
        const e10 = exp - scale;
        let v;
        if (digits <= 15 && e10 >= -22 && e10 <= 22)
            v = e10 >= 0 ? m * POW10[e10] : m / POW10[-e10];
        else
            v = Number(b.toString('latin1', neg ? start + 1 : start, p));
        into[at] = neg ? -v : v;
    }
    /** true, false or null at pos: 1, 0 or -1. */
    literal() {
        const b = this.buf;
        const p = this.pos;
        const c = b[p];
        const len = c === 0x66 ? 5 : 4;
        if (p + len > this.end)
            throw NEED_MORE;
        this.pos = p + len;
        // Byte for byte: no string per literal.
        if (c === 0x74 && b[p + 1] === 0x72 && b[p + 2] === 0x75 && b[p + 3] === 0x65)
            return 1;
        if (c === 0x66 && b[p + 1] === 0x61 && b[p + 2] === 0x6c && b[p + 3] === 0x73 && b[p + 4] === 0x65)
            return 0;
        if (c === 0x6e && b[p + 1] === 0x75 && b[p + 2] === 0x6c && b[p + 3] === 0x6c)
            return -1;
        throw BAIL;
    }
    /** A count (a safe integer, not negative) at pos into `into[at]`. */
    count(into, at) {
        this.number(into, at);
        const v = into[at];
        if (!Number.isSafeInteger(v) || v < 0)
            throw BAIL;
    }
    /** Whether the JSON strings with contents at [a, a + alen) and [b, b + blen) of buf are the same string. */
    sameString(a, alen, aplain, b, blen, bplain) {
        const buf = this.buf;
        if (aplain && bplain) {
            // Plain strings are their UTF-8 bytes: equal strings, equal bytes.
            if (alen !== blen)
                return false;
            for (let i = 0; i < alen; i++)
                if (buf[a + i] !== buf[b + i])
                    return false;
            return true;
        }
        return decodeString(buf, a, alen) === decodeString(buf, b, blen);
    }
    /** Skips any JSON value at pos (a top-level member's; JSON.parse checks it afterwards); returns where it starts. */
    skipValue() {
        const start = this.pos;
        let depth = 0;
        const b = this.buf;
        for (;;) {
            const c = this.ws();
            if (c === Q)
                this.string(false);
            else if (c === 0x7b || c === 0x5b) {
                depth++;
                this.pos++;
                continue;
            }
            else if (c === 0x7d || c === 0x5d) {
                if (depth === 0)
                    throw BAIL;
                depth--;
                this.pos++;
            }
            else if (c === 0x2c || c === 0x3a) {
                if (depth === 0)
                    throw BAIL;
                this.pos++;
                continue;
            }
            else {
                // A number or literal: up to the next delimiter.
                let p = this.pos;
                while (p < this.end && !isWs(b[p]) && b[p] !== 0x2c && b[p] !== 0x7d && b[p] !== 0x5d && b[p] !== 0x3a)
                    p++;
                if (p >= this.end)
                    throw NEED_MORE;
                if (p === this.pos)
                    throw BAIL;
                this.pos = p;
            }
            if (depth === 0)
                return start;
        }
    }
}

/**
 * The layout most benchmark summaries share: one JSON object whose rows sit in one array member
 * (rlm-code's `case_results`). Scanned with json-scan.ts, member by member, resumable between them
 * and between rows, so a file of any size reads in chunks.
 */
var State;
(function (State) {
    State[State["Start"] = 0] = "Start";
    State[State["FirstMember"] = 1] = "FirstMember";
    State[State["Member"] = 2] = "Member";
    State[State["AfterMember"] = 3] = "AfterMember";
    State[State["FirstItem"] = 4] = "FirstItem";
    State[State["NextItem"] = 5] = "NextItem";
    State[State["Trail"] = 6] = "Trail";
})(State || (State = {}));
/**
 * A file holding one JSON object (a UTF-8 byte order mark before it is allowed), scanned member by
 * member: the members are kept as their JSON text (checked later by JSON.parse), but for the one
 * named `arrayKey`, an array whose items are handed to {@link item} one by one as they are read.
 * A member named twice is left to the full path.
 */
class JsonArrayMemberScanner extends JsonScanner {
    arrayKey;
    state = State.Start;
    /** The other members, by name: their JSON text. */
    members = new Map();
    /** Whether the array member has been reached. */
    inArray = false;
    constructor(fd, chunk, arrayKey) {
        super(fd, chunk);
        this.arrayKey = arrayKey;
    }
    step() {
        switch (this.state) {
            case State.Start: {
                if (this.end - this.pos < 3 && !this.eof)
                    throw NEED_MORE;
                const b = this.buf;
                if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
                    this.pos = 3;
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
                if (this.ws() !== Q)
                    throw BAIL;
                const name = this.string(true);
                this.expect(0x3a);
                if (this.members.has(name) || (name === this.arrayKey && this.inArray))
                    throw BAIL;
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
                if (c === 0x2c)
                    this.state = State.Member;
                else if (c === 0x7d)
                    this.state = State.Trail;
                else
                    throw BAIL;
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
                if (c !== 0x2c)
                    throw BAIL;
                this.item();
                return false;
            }
            case State.Trail: {
                const b = this.buf;
                while (this.pos < this.end && isWs(b[this.pos]))
                    this.pos++;
                if (this.pos < this.end)
                    throw BAIL;
                if (!this.eof)
                    throw NEED_MORE;
                return true;
            }
        }
    }
}

/**
 * What JSON.parse lets through and a summary must not say: the same key twice in one object
 * (JSON.parse keeps the last, so a summary that says two things is read as one without a word), and
 * nesting so deep that the code walking the value runs out of stack. One pass over text that
 * JSON.parse has accepted, without recursion: strings are skipped with indexOf, keys kept per object
 * only while it is open. Errors name the file, the line and column, and the JSON path.
 */
/** Deepest nesting of arrays and objects read; a summary needs a handful of levels. */
const MAX_JSON_DEPTH = 256;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
function lineColumn(text, at) {
    const before = text.slice(0, at);
    return `line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n')}`;
}
function shownPath(stack) {
    const full = formatPath(stack.map((f) => f.at));
    return full.length > 200 ? `${full.slice(0, 100)}…${full.slice(-99)}` : full;
}
/** The index just past the string that starts at `start` (an opening quote). */
function stringEnd(text, start) {
    let q = text.indexOf('"', start + 1);
    for (;;) {
        let slashes = 0;
        while (text.charCodeAt(q - 1 - slashes) === BACKSLASH)
            slashes++;
        if (slashes % 2 === 0)
            return q + 1;
        q = text.indexOf('"', q + 1);
    }
}
/**
 * Throws an InputError for a duplicate key or nesting over {@link MAX_JSON_DEPTH}. `text` must be
 * valid JSON (JSON.parse accepted it); `where` names the file (and line of a JSON Lines file).
 */
function checkJsonText(where, text, maxDepth = MAX_JSON_DEPTH) {
    const stack = [];
    // In an object, true when the next string is a key.
    let expectKey = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === QUOTE) {
            const end = stringEnd(text, i);
            const top = stack[stack.length - 1];
            if (expectKey && top?.keys) {
                const raw = text.slice(i + 1, end - 1);
                const key = raw.includes('\\') ? JSON.parse(text.slice(i, end)) : raw;
                const first = top.keys.get(key);
                top.at = key;
                if (first !== undefined) {
                    throw new InputError(`${where}: ${shownPath(stack)}: key ${JSON.stringify(key)} is given twice, at ${lineColumn(text, first)} and at ${lineColumn(text, i)}; a summary must say each thing once`);
                }
                top.keys.set(key, i);
                expectKey = false;
            }
            i = end - 1;
        }
        else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
            if (stack.length >= maxDepth) {
                throw new InputError(`${where}: ${lineColumn(text, i)} (${shownPath(stack)}): nested deeper than ${maxDepth} levels of arrays and objects; benchgate reads at most ${maxDepth}`);
            }
            stack.push(c === 0x7b ? { keys: new Map(), at: '' } : { keys: null, at: 0 });
            expectKey = c === 0x7b;
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
            stack.pop();
            expectKey = false;
        }
        else if (c === 0x2c /* , */) {
            const top = stack[stack.length - 1];
            if (top?.keys)
                expectKey = true;
            else if (top)
                top.at = top.at + 1;
        }
    }
}

/**
 * Field tables: one declaration per field of a format, from which the readers derive what they
 * check. This module turns a table into a plain predicate (no zod: the loading thread's small entry
 * runs it); field-kinds.ts turns the same table into a zod schema that accepts exactly the same
 * values and names what is wrong. Validating a 100,000-row summary with zod costs about half a
 * second per file; the predicate does the same in a tenth of that, and zod runs only on the rows the
 * predicate refuses, to say what is wrong. A test checks the two agree on every kind for a wide
 * range of values.
 */
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string');
/** Whether every value of `v` (an object) passes `check`. */
const everyValue = (v, check) => {
    for (const key in v)
        if (!check(v[key]))
            return false;
    return true;
};
/** The fields of an `object` or `record` spec (a spec without them is a mistake in the table). */
function nestedTable(spec) {
    if (spec.fields === undefined)
        throw new Error(`a field of kind ${spec.kind} needs its fields`);
    return spec.fields;
}
/** The test of a field's kind on a value that is neither undefined nor null. */
function baseCheck(spec) {
    switch (spec.kind) {
        case 'id':
            return (v) => typeof v === 'string' && v.length > 0;
        case 'bool':
            return (v) => typeof v === 'boolean';
        case 'count':
            return isCount;
        case 'number':
            return (v) => typeof v === 'number' && Number.isFinite(v);
        case 'seconds':
            return (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
        case 'string':
            return (v) => typeof v === 'string';
        case 'strings':
            return isStrings;
        case 'object':
            return tableCheck(nestedTable(spec));
        case 'record': {
            const check = tableCheck(nestedTable(spec));
            return (v) => isRecord(v) && everyValue(v, check);
        }
        case 'rows':
            return Array.isArray;
        case 'unknown':
            return () => true;
    }
}
/** Whether a field may be null. */
const nullOk = (spec) => spec.nullable === true || spec.kind === 'unknown';
/**
 * A predicate over whole objects: true exactly when `z.object(tableShape(table))` accepts it.
 * Compiled to one function that reads each field by name, the way hand-written code would: a
 * generic loop over the keys reads `row[key]` with a varying key and calls a varying check, which
 * is several times slower on 100,000 rows with 30 fields each. Where code generation from strings
 * is disabled (node --disallow-code-generation-from-strings), the equivalent loop is used.
 */
function tableCheck(table) {
    try {
        return compiledTableCheck(table);
    }
    catch {
        return interpretedTableCheck(table);
    }
}
/** The test of each plain kind on a value that is neither undefined nor null, as {@link baseCheck} does it. */
const KIND_SOURCE = {
    id: "typeof v === 'string' && v.length > 0",
    bool: "typeof v === 'boolean'",
    count: 'isCount(v)',
    number: "typeof v === 'number' && Number.isFinite(v)",
    seconds: "typeof v === 'number' && Number.isFinite(v) && v >= 0",
    string: "typeof v === 'string'",
    strings: 'isStrings(v)',
    rows: 'Array.isArray(v)',
    unknown: 'true',
};
/** {@link tableCheck} as generated code; the keys are written as JSON string literals. */
function compiledTableCheck(table) {
    // Nested objects are checked by their own predicates, passed in as `nested[i]`.
    const nested = [];
    const fields = Object.entries(table).map(([key, spec]) => {
        const missing = spec.optional === true ? 'false' : 'true';
        const nulled = nullOk(spec) ? 'false' : 'true';
        let test = KIND_SOURCE[spec.kind];
        if (test === undefined) {
            nested.push(baseCheck(spec));
            test = `nested[${nested.length - 1}](v)`;
        }
        return `v = row[${JSON.stringify(key)}];\n  if (v === undefined ? ${missing} : v === null ? ${nulled} : !(${test})) return false;`;
    });
    const body = `return function check(row) {\n  if (!isRecord(row)) return false;\n  let v;\n  ${fields.join('\n  ')}\n  return true;\n};`;
    const make = new Function('isRecord', 'isCount', 'isStrings', 'nested', body);
    return make(isRecord, isCount, isStrings, nested);
}
/**
 * {@link tableCheck} as a loop. Fields are grouped by their spec so each loop calls one check
 * function for many keys (one closure per field from one call site is slower still); nested
 * objects each get a group of their own.
 */
function interpretedTableCheck(table) {
    const groups = new Map();
    for (const [key, spec] of Object.entries(table)) {
        const id = spec.fields === undefined ? `${spec.kind}|${spec.optional === true}|${spec.nullable === true}` : `nested|${key}`;
        const group = groups.get(id) ?? { base: baseCheck(spec), optional: spec.optional === true, nullable: nullOk(spec), keys: [] };
        group.keys.push(key);
        groups.set(id, group);
    }
    const plan = [...groups.values()];
    return (row) => {
        if (!isRecord(row))
            return false;
        for (const { keys, base, optional, nullable } of plan) {
            for (const key of keys) {
                const v = row[key];
                if (v === undefined ? !optional : v === null ? !nullable : !base(v))
                    return false;
            }
        }
        return true;
    };
}

/** The counters of a usage object and of each of its roles (and of the top level's `usage_totals`). */
const COUNTER_FIELDS = {
    total_calls: { kind: 'count' },
    prompt_tokens: { kind: 'count' },
    completion_tokens: { kind: 'count' },
};
/** A case's `usage`: its counters, and per-role counters (checked, not kept when packed). */
const USAGE_FIELDS = {
    ...COUNTER_FIELDS,
    roles: { kind: 'record', fields: COUNTER_FIELDS, optional: true, nullable: true },
};
const optStr = { kind: 'string', optional: true, nullable: true };
/** A string the packed form keeps: a label column (schema/pack.ts COLUMNS) or the error text. */
const packedStr = { ...optStr, packed: true };
const optCount = { kind: 'count', optional: true };
/** Every field of a case row that benchgate names, of any mode (native, harness, direct-llm, failure). */
const ROW_FIELDS = {
    case_id: { kind: 'id' },
    completed: { kind: 'bool' },
    steps: { kind: 'count' },
    total_reward: { kind: 'number' },
    duration_seconds: { kind: 'seconds', optional: true, nullable: true },
    usage: { kind: 'object', fields: USAGE_FIELDS, optional: true, nullable: true },
    error: packedStr,
    mode: packedStr,
    environment: packedStr,
    description: optStr,
    task: optStr,
    started_at: optStr,
    finished_at: optStr,
    run_id: optStr,
    run_path: optStr,
    final_response: optStr,
    task_family: packedStr,
    domain: packedStr,
    split: packedStr,
    length_bucket: packedStr,
    expected_answer: { kind: 'unknown', optional: true },
    answer_match: { kind: 'bool', optional: true, nullable: true },
    mcp_enabled: { kind: 'bool', optional: true, nullable: true },
    mcp_server: packedStr,
    harness_strategy: packedStr,
    harness_tool_calls: optCount,
    mcp_tool_calls: optCount,
    codemode_chain_calls: optCount,
    codemode_search_calls: optCount,
    codemode_discovery_calls: optCount,
    codemode_guardrail_blocked: { kind: 'bool', optional: true },
};
/** Accepts exactly what rlm-code.ts `RawCase` accepts, ten times faster (see field-checks.ts). */
tableCheck(ROW_FIELDS);
new Set(Object.keys(ROW_FIELDS));
const LATENCY_FIELDS = {
    avg: { kind: 'number' },
    p50: { kind: 'number' },
    p95: { kind: 'number' },
    p99: { kind: 'number' },
    max: { kind: 'number' },
};
/** The top-level fields benchgate names; others are kept as the summary's `extra`. */
const TOP_FIELDS = {
    benchmark_id: { kind: 'id', optional: true, nullable: true }, // rlm-code: `benchmark_id or file stem`
    preset: optStr,
    mode: optStr,
    mcp_enabled: { kind: 'bool', optional: true, nullable: true },
    mcp_server: optStr,
    harness_strategy: optStr,
    model: optStr,
    source: optStr,
    description: optStr,
    pack_paths: { kind: 'strings', optional: true },
    started_at: optStr,
    finished_at: optStr,
    duration_seconds: { kind: 'seconds', optional: true, nullable: true },
    total_cases: { kind: 'count' },
    attempted_cases: optCount,
    completed_cases: { kind: 'count' },
    avg_reward: { kind: 'number' },
    avg_steps: { kind: 'number' },
    latency_seconds: { kind: 'object', fields: LATENCY_FIELDS, optional: true },
    usage_totals: { kind: 'object', fields: COUNTER_FIELDS, optional: true },
    cancelled: { kind: 'bool', optional: true },
    case_results: { kind: 'rows' },
};
/** Accepts exactly what rlm-code.ts `RawSummary` accepts (the rows themselves are checked one by one). */
const isValidTop = tableCheck(TOP_FIELDS);
const TOP_KEYS = new Set(Object.keys(TOP_FIELDS));
/** The file stem: rlm-code's id for a summary without `benchmark_id`. */
function fileStem(file) {
    const base = file.split(/[\\/]/).pop() ?? file;
    return base.replace(/\.json$/i, '') || base;
}
/** Only the named fields of a validated nested object, in the table's order (as zod leaves it). */
function pick(table, o) {
    const out = {};
    for (const key in table)
        out[key] = o[key];
    return out;
}
/**
 * Everything of the summary but the cases, from a validated top level (`top`: {@link isValidTop}
 * accepts it) and its unknown fields. `schema`: schema/summary.ts SUMMARY_SCHEMA (passed in: that
 * module builds zod schemas).
 */
function rlmCodeHead(file, top, extra, schema) {
    return {
        schema,
        id: top.benchmark_id ?? fileStem(file),
        format: 'rlm-code',
        run: {
            preset: top.preset ?? null,
            mode: top.mode ?? null,
            mcp_enabled: top.mcp_enabled ?? null,
            mcp_server: top.mcp_server ?? null,
            harness_strategy: top.harness_strategy ?? null,
            model: top.model ?? null,
            source: top.source ?? null,
            description: top.description ?? null,
            pack_paths: top.pack_paths === undefined ? [] : [...top.pack_paths],
            started_at: top.started_at ?? null,
            finished_at: top.finished_at ?? null,
            duration_seconds: top.duration_seconds ?? null,
            cancelled: top.cancelled ?? null,
        },
        reported: {
            total_cases: top.total_cases,
            attempted_cases: top.attempted_cases ?? null,
            completed_cases: top.completed_cases,
            avg_reward: top.avg_reward,
            avg_steps: top.avg_steps,
            latency_seconds: top.latency_seconds === undefined ? null : pick(LATENCY_FIELDS, top.latency_seconds),
            usage_totals: top.usage_totals === undefined ? null : pick(COUNTER_FIELDS, top.usage_totals),
        },
        metadata: {},
        extra,
    };
}

/**
 * A streaming reader for large rlm-code summaries: reads the file in chunks and scans its bytes
 * straight into the packed columns (schema/pack.ts), with no whole-file string and no object per row.
 * A 1,000,000-case summary (1.2 GB) is over V8's longest string, so the full parser cannot read it;
 * this reader can, in memory proportional to the cases (about 150 bytes each), not to the file.
 *
 * It accepts exactly what the full path (parsing/read-json.ts, then rlm-code.ts `packRlmCode`) accepts, and
 * gives the same packed summary; it reads no more than it must (the text fields of a row are checked
 * as JSON strings, never decoded). Whatever it is not sure of, it leaves to the full path: it returns
 * null for broken files (so the full path names the problem, in today's words: it is the error
 * oracle), and for the rarer valid shapes it does not handle (fields benchgate does not name in a row,
 * an object or array as `expected_answer`, a `schema` key, load options other than the format).
 *
 * The fields, their kinds and the top level's checks come from rlm-code-fields.ts (the one table
 * both readers derive from); the JSON scanning is parsing/json-scan.ts's. This file maps the table
 * to the scanner and a row to the packed columns.
 *
 * It imports neither zod nor yaml: the loading thread's small entry (load/load-worker.ts) runs it.
 */
/** schema/summary.ts's SUMMARY_SCHEMA (that module builds zod schemas; a test keeps the two equal). */
const STREAM_SUMMARY_SCHEMA = 'benchgate.summary/v1';
/** The error when the cases of a file would need more memory than the process may use. */
function memoryLimitError(file, size, casesSoFar, needBytes, limitBytes) {
    const mib = (n) => `${Math.ceil(n / 2 ** 20)} MiB`;
    return `${file}: ${size} bytes, ${casesSoFar} cases read so far: loading them needs about ${mib(needBytes)} of memory, over this process's limit of ${mib(limitBytes)}; raise the limit (NODE_OPTIONS=--max-old-space-size=MiB) or give a smaller file`;
}
/**
 * The bytes read at a time (more when a unit is longer). 1 MiB: fresh memory is costly here (each page
 * is faulted in on first touch, about 5 ms per MiB on the 2-core machine), and 4 MiB read no faster.
 */
const CHUNK_BYTES = 1024 * 1024;
/** A generous estimate of the memory a case takes once loaded (columns, id string, dictionary codes). */
const BYTES_PER_CASE = 200;
/** Fewer bytes than a row takes at least (`{"case_id":"x","completed":true,"steps":0,"total_reward":0}`, 58 bytes). */
const MIN_ROW_BYTES = 50;
/** How the scanner reads a (non-null) value of a field, by its kind in the table. */
var Scan;
(function (Scan) {
    Scan[Scan["Id"] = 0] = "Id";
    Scan[Scan["Bool"] = 1] = "Bool";
    Scan[Scan["Count"] = 2] = "Count";
    Scan[Scan["Num"] = 3] = "Num";
    Scan[Scan["Seconds"] = 4] = "Seconds";
    Scan[Scan["Usage"] = 5] = "Usage";
    /** A string checked, not kept. */
    Scan[Scan["Str"] = 6] = "Str";
    /** A string the packed form keeps (a label or the error). */
    Scan[Scan["KeptStr"] = 7] = "KeptStr";
    Scan[Scan["Unknown"] = 8] = "Unknown";
})(Scan || (Scan = {}));
function scanOf(spec) {
    switch (spec.kind) {
        case 'id':
            return Scan.Id;
        case 'bool':
            return Scan.Bool;
        case 'count':
            return Scan.Count;
        case 'number':
            return Scan.Num;
        case 'seconds':
            return Scan.Seconds;
        case 'string':
            return spec.packed === true ? Scan.KeptStr : Scan.Str;
        case 'unknown':
            return Scan.Unknown;
        default:
            if (spec.fields === USAGE_FIELDS && usageScannable())
                return Scan.Usage;
            throw new Error(`the streaming reader cannot read a case field of kind ${spec.kind}`);
    }
}
/** Whether usage is as {@link RlmCodeScanner.counters} reads it: counts, and `roles`, null or an object of counts. */
function usageScannable() {
    const { roles, ...counters } = USAGE_FIELDS;
    const counts = (table) => Object.values(table).every((spec) => spec.kind === 'count' && spec.nullable !== true);
    return counts(counters) && roles.kind === 'record' && roles.nullable && counts(roles.fields);
}
/** The bits of the fields of `table` (at their index in it) whose spec passes `test`. */
function maskOf(table, test) {
    const specs = Object.values(table);
    if (specs.length > 31)
        throw new Error('the streaming reader holds which fields a row has in 31 bits');
    return specs.reduce((mask, spec, i) => (test(spec) ? mask | (1 << i) : mask), 0);
}
const isRequired = (spec) => spec.optional !== true;
/** Field indexes of a table, by name. */
const indexes = (table) => Object.fromEntries(Object.keys(table).map((k, i) => [k, i]));
const ROW = keyTable(Object.keys(ROW_FIELDS));
const F = indexes(ROW_FIELDS);
const SCANS = Object.values(ROW_FIELDS).map(scanOf);
const REQUIRED = maskOf(ROW_FIELDS, isRequired);
const NULLABLE = maskOf(ROW_FIELDS, (spec) => spec.nullable === true || spec.kind === 'unknown');
const FIELDS = SCANS.length;
const USAGE = keyTable(Object.keys(USAGE_FIELDS));
const U = indexes(USAGE_FIELDS);
const USAGE_REQUIRED = maskOf(USAGE_FIELDS, isRequired);
/** The counters of a role (its own table: they sit deeper, so the bytes between keys differ from usage's). */
const ROLE_COUNTERS = keyTable(Object.keys(USAGE_FIELDS.roles.fields));
const COUNTERS_REQUIRED = maskOf(USAGE_FIELDS.roles.fields, isRequired);
/** The field of each packed column (schema/pack.ts COLUMNS), at the column's index. */
const COLUMN_FIELD = COLUMNS.map((name) => F[name]);
/** The columns only a harness row has a value in (the others hold null). */
const HARNESS_ONLY = [COLUMNS.indexOf('mcp_server'), COLUMNS.indexOf('harness_strategy')];
class RlmCodeScanner extends JsonArrayMemberScanner {
    file;
    size;
    /** Made when the rows start (the top-level members before them may tell how many there are). */
    packer = null;
    writer = null;
    limit = getHeapStatistics().heap_size_limit;
    // The row being read: values by field index, and which fields it has.
    seen = 0;
    id = '';
    /** Whether the id is ASCII (then it holds no UTF-16 unit from U+D800 up: see SummaryPacker's sortedIds). */
    idAscii = false;
    /** The kept strings (labels and the error) by field; null for null. */
    lab = new Array(FIELDS).fill(null);
    /** Each column's code for null, once it has one (-1 before). */
    nullCode = new Int32Array(COLUMNS.length).fill(-1);
    num = new Float64Array(FIELDS);
    flag = new Int8Array(FIELDS); // -1 null, 0 false, 1 true
    hasUsage = false;
    /** The last few values of each label field, with their bytes: labels repeat, so most are never decoded (nor looked up in the column) again. */
    labelCache = SCANS.map(() => []);
    /** The usage counters, by their index in USAGE_FIELDS. */
    counts = new Float64Array(4);
    /** Where numbers that are checked but not kept go. */
    scratch = new Float64Array(4);
    /** The names of the roles read so far in a `roles` object: start, length and 1 when plain, for each. */
    roleAt = new Int32Array(3 * 4);
    constructor(fd, file, size, chunk) {
        super(fd, chunk, 'case_results');
        this.file = file;
        this.size = size;
    }
    beginItems() {
        this.packer = this.newPacker();
        this.writer = new RowWriter(this.packer);
    }
    /**
     * The packer, for as many cases as `total_cases` says when it came before the rows and memory and
     * the file's size allow that many (then the columns are the right size at the end, with no copy),
     * else a generous guess from the file's size; it grows when the rows outnumber it.
     */
    newPacker() {
        const limit = this.limit;
        let first = Math.max(16, Math.ceil(this.size / 1024));
        const reported = this.members.get('total_cases');
        const total = reported === undefined || !/^\s*[0-9]{1,15}$/.test(reported) ? NaN : Number(reported);
        if (total * MIN_ROW_BYTES <= this.size && total * BYTES_PER_CASE <= limit)
            first = total;
        return new SummaryPacker(this.affordable(first, limit), undefined, (capacity) => this.affordable(Math.ceil(capacity * 1.5) + 16, limit));
    }
    /** `cases` when memory allows that many, else a clear error naming the size and the limit. */
    affordable(cases, limit) {
        const need = cases * BYTES_PER_CASE;
        if (need > limit)
            throw new InputError(memoryLimitError(this.file, this.size, this.packer?.size ?? 0, need, limit));
        return cases;
    }
    /** A kept string field at pos (a label, mostly one of a few values): decoded once per distinct value. */
    label(k) {
        this.string(false);
        const b = this.buf;
        const start = this.strStart;
        const len = this.pos - 1 - start;
        const cache = this.labelCache[k];
        if (this.strPlain) {
            for (let j = 0; j < cache.length; j++) {
                const entry = cache[j];
                const want = entry.bytes;
                if (want.length !== len)
                    continue;
                let i = 0;
                while (i < len && b[start + i] === want[i])
                    i++;
                if (i === len)
                    return entry;
            }
        }
        this.pos = start - 1;
        const value = this.string(true);
        if (this.strPlain && len <= 64) {
            const entry = { bytes: Buffer.from(b.subarray(start, start + len)), value, code: -1 };
            if (cache.length >= 8)
                cache.shift();
            cache.push(entry);
            return entry;
        }
        return { bytes: null, value, code: -1 };
    }
    /** A usage object at pos (`usage`; its counters into `counts`), or a role's counters (checked, not kept). */
    counters(usage) {
        this.pos++;
        const table = usage ? USAGE : ROLE_COUNTERS; // a role's counters have no `roles`: -1, as an unknown key
        const required = usage ? USAGE_REQUIRED : COUNTERS_REQUIRED;
        let seen = 0;
        let k = -1;
        while ((k = this.nextKey(table, k)) !== END) {
            if (k < 0 || seen & (1 << k))
                throw BAIL;
            seen |= 1 << k;
            const c = this.buf[this.pos];
            if (k === U.roles) {
                if (c === 0x6e) {
                    if (this.literal() !== -1)
                        throw BAIL;
                }
                else if (c === 0x7b)
                    this.roles();
                else
                    throw BAIL;
            }
            else {
                if (c !== 0x2d && (c < 0x30 || c > 0x39))
                    throw BAIL;
                this.count(usage ? this.counts : this.scratch, k);
            }
        }
        if ((seen & required) !== required)
            throw BAIL;
    }
    /**
     * `roles`: an object of counters (checked, not kept); a role named twice goes to the full path.
     * The names are compared as bytes (where they sit in the buffer, which stays put within a row), and
     * decoded only when one of the two has escapes: no string per role.
     */
    roles() {
        this.pos++;
        let at = this.roleAt;
        let n = 0;
        let c = this.ws();
        if (c === 0x7d) {
            this.pos++;
            return;
        }
        for (;;) {
            if (c !== Q)
                throw BAIL;
            this.string(false);
            const start = this.strStart;
            const len = this.pos - 1 - start;
            const plain = this.strPlain;
            for (let j = 0; j < n; j++)
                if (this.sameString(at[3 * j], at[3 * j + 1], at[3 * j + 2] === 1, start, len, plain))
                    throw BAIL;
            if (3 * n + 3 > at.length)
                this.roleAt = at = growInts(at);
            at[3 * n] = start;
            at[3 * n + 1] = len;
            at[3 * n + 2] = plain ? 1 : 0;
            n++;
            this.expect(0x3a);
            if (this.ws() !== 0x7b)
                throw BAIL;
            this.counters(false);
            c = this.ws();
            this.pos++;
            if (c === 0x7d)
                return;
            if (c !== 0x2c)
                throw BAIL;
            c = this.ws();
        }
    }
    /** One case row at pos, packed. */
    item() {
        if (this.ws() !== 0x7b)
            throw BAIL;
        this.pos++;
        this.seen = 0;
        this.hasUsage = false;
        const lab = this.lab;
        const num = this.num;
        const flag = this.flag;
        let k = -1;
        while ((k = this.nextKey(ROW, k)) !== END) {
            if (k < 0 || this.seen & (1 << k))
                throw BAIL;
            this.seen |= 1 << k;
            const c = this.buf[this.pos];
            if (c === 0x6e) {
                // null, where the table allows it
                if ((NULLABLE & (1 << k)) === 0 || this.literal() !== -1)
                    throw BAIL;
                flag[k] = -1;
                lab[k] = null;
                continue;
            }
            switch (SCANS[k]) {
                case Scan.Id:
                    if (c !== Q)
                        throw BAIL;
                    this.id = this.string(true);
                    if (this.id === '')
                        throw BAIL;
                    this.idAscii = this.strAscii && this.strPlain; // an escape (\ue000) may stand for any unit
                    break;
                case Scan.Bool:
                    if (c !== 0x74 && c !== 0x66)
                        throw BAIL;
                    flag[k] = this.literal();
                    break;
                case Scan.Count:
                    if (c !== 0x2d && (c < 0x30 || c > 0x39))
                        throw BAIL;
                    this.count(num, k);
                    break;
                case Scan.Num:
                    if (c !== 0x2d && (c < 0x30 || c > 0x39))
                        throw BAIL;
                    this.number(num, k);
                    if (!Number.isFinite(num[k]))
                        throw BAIL;
                    break;
                case Scan.Seconds: {
                    if (c !== 0x2d && (c < 0x30 || c > 0x39))
                        throw BAIL;
                    this.number(num, k);
                    const v = num[k];
                    if (!Number.isFinite(v) || !(v >= 0))
                        throw BAIL;
                    flag[k] = 0;
                    break;
                }
                case Scan.Usage:
                    if (c !== 0x7b)
                        throw BAIL;
                    this.counters(true);
                    this.hasUsage = true;
                    break;
                case Scan.Str:
                    if (c !== Q)
                        throw BAIL;
                    this.string(false);
                    break;
                case Scan.KeptStr:
                    if (c !== Q)
                        throw BAIL;
                    lab[k] = this.label(k);
                    break;
                case Scan.Unknown:
                    // expected_answer: any value; a number must be finite. Objects and arrays go to the full path.
                    if (c === Q)
                        this.string(false);
                    else if (c === 0x74 || c === 0x66)
                        this.literal();
                    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
                        this.number(this.scratch, 0);
                        if (!Number.isFinite(this.scratch[0]))
                            throw BAIL;
                    }
                    else
                        throw BAIL;
                    break;
            }
        }
        // An empty row, or one without case_id: the full path names the missing fields.
        if ((this.seen & REQUIRED) !== REQUIRED)
            throw BAIL;
        this.pack();
    }
    /** A counter the row may lack (then 0, as rlm-code.ts `toHarness` has it). */
    counter(k) {
        return this.seen & (1 << k) ? this.num[k] : 0;
    }
    /**
     * The row just read, as rlm-code.ts `toCase` would make it and SummaryPacker `add` pack it: written
     * straight into the packer's columns (a label's code is looked up once per distinct value).
     */
    pack() {
        // No closures here: one per row is garbage the young generation must collect.
        const seen = this.seen;
        const num = this.num;
        const flag = this.flag;
        const lab = this.lab;
        const w = this.writer;
        w.begin(flag[F.completed] === 1, num[F.total_reward], num[F.steps]);
        if (seen & (1 << F.duration_seconds) && flag[F.duration_seconds] !== -1)
            w.duration(num[F.duration_seconds]);
        const counts = this.counts;
        if (this.hasUsage)
            w.usage(counts[U.total_calls], counts[U.prompt_tokens], counts[U.completion_tokens]);
        const mode = seen & (1 << F.mode) ? lab[F.mode] : null;
        const harness = (mode != null && mode.value === 'harness') || (seen & ((1 << F.harness_tool_calls) | (1 << F.codemode_guardrail_blocked))) !== 0;
        if (harness) {
            const mcp = seen & (1 << F.mcp_enabled) ? flag[F.mcp_enabled] : -1;
            w.harness(this.counter(F.harness_tool_calls), this.counter(F.mcp_tool_calls), this.counter(F.codemode_chain_calls), this.counter(F.codemode_search_calls), this.counter(F.codemode_discovery_calls), (seen & (1 << F.codemode_guardrail_blocked)) !== 0 && flag[F.codemode_guardrail_blocked] === 1, mcp === -1 ? null : mcp === 1);
        }
        for (let column = 0; column < COLUMN_FIELD.length; column++) {
            const k = COLUMN_FIELD[column];
            const has = seen & (1 << k) && (harness || (column !== HARNESS_ONLY[0] && column !== HARNESS_ONLY[1]));
            this.setCode(w, column, has ? lab[k] : null);
        }
        const error = seen & (1 << F.error) ? lab[F.error] : null;
        w.commit(this.id, this.idAscii, error == null ? null : error.value);
    }
    /** The case's code in column `column`: its label's (null: the code of null). */
    setCode(w, column, label) {
        const packer = this.packer;
        let code;
        if (label == null) {
            code = this.nullCode[column];
            if (code < 0)
                this.nullCode[column] = code = packer.code(column, null);
        }
        else {
            code = label.code;
            if (code < 0)
                label.code = code = packer.code(column, label.value);
        }
        w.label(column, code);
    }
}
/** The top level as rlm-code.ts `parseTop` + `headOf` make it, or BAIL where the full path would object. */
function headOf(file, members) {
    const top = {};
    for (const [key, text] of members) {
        if (key === 'schema')
            throw BAIL; // maybe a benchgate summary: detection decides
        let value;
        try {
            value = JSON.parse(text);
            checkJsonText(file, text, 64); // deeper values: the full path measures their depth in the whole file
        }
        catch {
            throw BAIL;
        }
        top[key] = value;
    }
    // The rows were checked as they were read.
    if (!isValidTop({ ...top, case_results: [] }))
        throw BAIL;
    const extra = {};
    for (const key in top)
        if (!TOP_KEYS.has(key))
            extra[key] = top[key];
    if (nonFinitePath(extra) !== null)
        throw BAIL;
    return rlmCodeHead(file, top, extra, STREAM_SUMMARY_SCHEMA);
}
function hasDuplicates(ids) {
    return new Set(ids).size !== ids.length;
}
/**
 * Reads `file` as an rlm-code summary into the packed form, or returns null when the full path must
 * read it (see the file comment). Throws only when memory would not hold the cases (with the size
 * and the limit). `chunkBytes` is for tests (chunk boundaries everywhere).
 */
function streamPackRlmCode(file, chunkBytes = CHUNK_BYTES) {
    let opened;
    try {
        opened = openRegularFile(file);
    }
    catch {
        return null; // the full path says why, in its words
    }
    const { fd, size } = opened;
    try {
        const s = new RlmCodeScanner(fd, file, size, Math.max(8, chunkBytes));
        const packer = s.scanFile() ? s.packer : null;
        if (packer === null)
            return null;
        const head = headOf(file, s.members);
        if (!packer.sortedIds && hasDuplicates(packer.ids))
            return null;
        return packer.finish(head);
    }
    catch (err) {
        if (err === BAIL)
            return null;
        throw err;
    }
    finally {
        closeSync(fd);
    }
}

/**
 * Entry point of `dist/load-worker.js`: the small loading thread for one large summary (see
 * load/load.ts). It reads an rlm-code summary with the streaming reader and sends back the packed
 * columns; any other file, and a file that reader leaves to the full one (a broken file, so that the
 * full reader says exactly what is wrong), it hands back, and a thread running the whole bundle loads
 * it. It imports neither zod nor yaml, so it starts in milliseconds.
 */
const { file } = workerData;
let reply;
try {
    const packed = streamPackRlmCode(file);
    reply = packed === null ? { fallback: true } : { ok: true, packed };
    parentPort?.postMessage(reply, packed === null ? [] : transferables(packed));
}
catch (err) {
    reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
    parentPort?.postMessage(reply);
}
