#!/usr/bin/env node
import { workerData, parentPort, Worker, isMainThread } from 'node:worker_threads';
import { readFileSync, statSync, readdirSync, readSync, closeSync, openSync, existsSync, mkdirSync, writeSync, renameSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { resolve, dirname, basename, normalize, isAbsolute, relative, join, sep } from 'node:path';
import { isAscii } from 'node:buffer';

/**
 * Errors the user can fix. Both map to exit code 2 in the CLI and are printed as one message,
 * never as a stack trace. Anything else that escapes is a bug in benchgate.
 */
/** Bad input data: the message names the file, the JSON path or case id, and what was expected. */
class InputError extends Error {
    name = 'InputError';
}
/** A command line that cannot be run as given: unknown option, missing value, bad number. */
class UsageError extends Error {
    name = 'UsageError';
}
/** True for the errors that are the user's to fix (exit 2 with a message). */
function isUserError(err) {
    return err instanceof InputError || err instanceof UsageError;
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
const SLOTS = 11;
/** Where each number of a case sits among its {@link SLOTS}; absent usage and harness counters are 0. */
const SLOT = {
    reward: 0, steps: 1, duration: 2, totalCalls: 3, promptTokens: 4, completionTokens: 5,
    harnessToolCalls: 6, mcpToolCalls: 7, chainCalls: 8, searchCalls: 9, discoveryCalls: 10,
};
/** The bits of a case's flags. */
const FLAG = { completed: 1, usage: 2, harness: 4, guardrail: 8, mcpKnown: 16, mcpEnabled: 32, duration: 64 };
const WIDE$1 = /[\ud800-\uffff]/;
const COLUMNS$1 = ['mode', 'environment', 'task_family', 'domain', 'split', 'length_bucket', 'mcp_server', 'harness_strategy'];
class ColumnEncoder {
    codes = new Map();
    index;
    constructor(capacity) {
        this.index = new Int32Array(capacity);
    }
    set(i, v) {
        let code = this.codes.get(v);
        if (code === undefined)
            this.codes.set(v, (code = this.codes.size));
        this.index[i] = code;
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
 * outlives its row. `capacity` is the most cases that will be added.
 */
class SummaryPacker {
    count = 0;
    /** The ids of the cases added so far. */
    ids = [];
    /** See {@link PackedSummary.sortedIds}: checked as each id arrives, while it is at hand. */
    sortedIds = true;
    numbers;
    flags;
    errors = {};
    encoders;
    fieldNumbers;
    fieldLabels;
    constructor(capacity, fields = NO_FIELDS) {
        this.numbers = new Float64Array(capacity * SLOTS);
        this.flags = new Uint8Array(capacity);
        this.encoders = Object.fromEntries(COLUMNS$1.map((name) => [name, new ColumnEncoder(capacity)]));
        this.fieldNumbers = [...new Set(fields.numbers)].map((name) => [name, new Float64Array(capacity).fill(NaN)]);
        this.fieldLabels = [...new Set(fields.labels)].map((name) => [name, new ColumnEncoder(capacity)]);
    }
    add(c) {
        const i = this.count++;
        const n = this.numbers;
        const at = i * SLOTS;
        const u = c.usage;
        const h = c.harness;
        const l = c.labels;
        const e = this.encoders;
        const last = this.ids[i - 1];
        if (this.sortedIds && ((last !== undefined && !(last < c.id)) || WIDE$1.test(c.id)))
            this.sortedIds = false;
        this.ids.push(c.id);
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
    finish(head) {
        const k = this.count;
        const full = k === this.flags.length;
        const columns = Object.fromEntries(COLUMNS$1.map((name) => [name, this.encoders[name].finish(k)]));
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
/** The packed form of a summary (the comparison packs summaries that were not loaded packed). */
function packSummary(summary, fields = NO_FIELDS) {
    const { cases, ...head } = summary;
    const packer = new SummaryPacker(cases.length, fields);
    for (const c of cases)
        packer.add(c);
    return packer.finish(head);
}
/** The buffers to pass as postMessage's transfer list. */
function transferables(p) {
    return [
        p.numbers.buffer, p.flags.buffer, p.sortedDurations.buffer,
        ...Object.values(p.columns).map((c) => c.index.buffer),
        ...Object.values(p.fields.numbers).map((a) => a.buffer),
        ...Object.values(p.fields.labels).map((c) => c.index.buffer),
    ];
}
const NO_EXTRA$1 = Object.freeze({});
function unpackCases(p) {
    const col = (name, i) => p.columns[name].values[p.columns[name].index[i]] ?? null;
    return p.ids.map((id, i) => {
        const n = (slot) => p.numbers[i * SLOTS + slot];
        const f = p.flags[i];
        const labels = { environment: col('environment', i), task_family: col('task_family', i), domain: col('domain', i), split: col('split', i), length_bucket: col('length_bucket', i) };
        const harness = f & FLAG.harness
            ? { mcp_enabled: f & FLAG.mcpKnown ? (f & FLAG.mcpEnabled) !== 0 : null, mcp_server: col('mcp_server', i), harness_strategy: col('harness_strategy', i),
                harness_tool_calls: n(SLOT.harnessToolCalls), mcp_tool_calls: n(SLOT.mcpToolCalls), codemode_chain_calls: n(SLOT.chainCalls),
                codemode_search_calls: n(SLOT.searchCalls), codemode_discovery_calls: n(SLOT.discoveryCalls), codemode_guardrail_blocked: (f & FLAG.guardrail) !== 0 }
            : null;
        return {
            id, completed: (f & FLAG.completed) !== 0, reward: n(SLOT.reward), steps: n(SLOT.steps), duration_seconds: f & FLAG.duration ? n(SLOT.duration) : null,
            usage: f & FLAG.usage ? { total_calls: n(SLOT.totalCalls), prompt_tokens: n(SLOT.promptTokens), completion_tokens: n(SLOT.completionTokens), roles: null } : null,
            error: p.errors[i] ?? null, mode: col('mode', i), labels, harness,
            description: null, task: null, started_at: null, finished_at: null, run_id: null, run_path: null, final_response: null,
            expected_answer: null, answer_match: null, extra: NO_EXTRA$1,
        };
    });
}
/** A summary with case objects again (see the file comment for what packing dropped). */
function unpackSummary(p) {
    return { ...p.head, cases: unpackCases(p) };
}

function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
function assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}

const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-34028234663852886e22, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge$1(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

var _a$1;
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a$1 = globalThis).__zod_globalConfig ?? (_a$1.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}

/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer$1 = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer$1);
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}

// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const validateAsync$1 = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration$1 = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji$1 = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji$1, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;

function anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime$1(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const integer = /^-?\d+$/;
const number$1 = /^-?\d+(?:\.\d+)?$/;
const boolean$1 = /^(?:true|false)$/i;
const _null$2 = /^null$/i;
// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;

// import { $ZodType } from "./schemas.js";
const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}
const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime$1(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration$1);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number$1;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = boolean$1;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodNull = /*@__PURE__*/ $constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = _null$2;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject$1 = isObject;
    const catchall = def.catchall;
    let value;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject$1(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = cached(() => normalizeDef(def));
    const memo = globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject$1 = isObject;
    const jit = !globalConfig.jitless;
    const allowsEval$1 = allowsEval;
    const fastEnabled = jit && allowsEval$1.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject$1(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (isPlainObject(a) && isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number$1.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new $ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(issue(_iss));
    }
}

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (!desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = rawShape(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const open = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        open.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set());
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = open.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = open.length > depth ? open.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
function en () {
    return {
        localeError: error(),
    };
}

var _a;
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _null$1(Class, params) {
    return new Class({
        type: "null",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...normalizeParams(params),
    });
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue$1) => {
            if (typeof issue$1 === "string") {
                payload.issues.push(issue(issue$1, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue$1;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}

function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                assignProp(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            assignProp(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") ;
    else ;
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                assignProp(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) ;
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = initializeContext({ ...params, processors });
    processSchema(schema, ctx);
    extractDefs(ctx, schema);
    return finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    processSchema(schema, ctx);
    extractDefs(ctx, schema);
    return finalize(ctx, schema);
};

const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = getEnumValues(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) ;
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        assignProp(json.properties, key, processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number$1 : integer).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};

/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

const parse = /* @__PURE__ */ _parse(ZodRealError);
const parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);
// Codec functions
const encode = /* @__PURE__ */ _encode(ZodRealError);
const decode = /* @__PURE__ */ _decode(ZodRealError);
const encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!globalConfig.localeError)
        config(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!globalConfig.memoizer)
        config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(mergeDefs(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return clone(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return _default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return _catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return hide(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return parse(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        own(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return validateAsync$1(this, data, params);
    },
    encode: function _encode(data, params) {
        return encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json);
}, 
/*@__PURE__*/ derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
    },
});
function string$1(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(int$2(params));
    },
    safe(params) {
        return this.check(int$2(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function number(params) {
    return _number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function int$2(params) {
    return _int(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json);
});
function boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodNull = /*@__PURE__*/ $constructor("ZodNull", (inst, def) => {
    $ZodNull.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullProcessor(inst, ctx, json);
});
function _null(params) {
    return _null$1(ZodNull, params);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor();
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return _enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(mergeDefs(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(mergeDefs(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return extend(this, incoming);
    },
    safeExtend(incoming) {
        return safeExtend(this, incoming);
    },
    merge(other) {
        return merge$1(this, other);
    },
    pick(mask) {
        return pick(this, mask);
    },
    omit(mask) {
        return omit(this, mask);
    },
    partial(...args) {
        return partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return required(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...normalizeParams(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...normalizeParams(params),
    });
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodRecord = /*@__PURE__*/ $constructor("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: string$1(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
});
function _enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ $constructor("ZodLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
});
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...normalizeParams(params),
    });
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue$1) => {
            if (typeof issue$1 === "string") {
                payload.issues.push(issue(issue$1, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue$1;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(issue(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...normalizeParams(params),
    });
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : constantCatch(catchValue)),
    });
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}

function datetime(params) {
    return _isoDateTime(ZodISODateTime, params);
}

/**
 * The canonical benchmark summary: what every adapter produces and what the analysis reads.
 *
 * It is a file format (normalized summaries are stored as artifacts and read back), so its keys are
 * snake_case like the benchmark tools it comes from, and it is versioned by {@link SUMMARY_SCHEMA}.
 * Nothing an adapter reads is dropped: fields the model does not name go to `extra`.
 */
/** Identifies the canonical format and its version; bump on any incompatible change. */
const SUMMARY_SCHEMA = 'benchgate.summary/v1';
const nullableString = string$1().nullable();
const count$3 = int$2().nonnegative();
/** LLM usage of one case or one role: call and token counts (integers). */
const UsageCounts = object({
    total_calls: count$3,
    prompt_tokens: count$3,
    completion_tokens: count$3,
});
/** Usage of one case; `roles` splits it by model role (rlm-code native runs: `root`, `sub`). */
const CaseUsage = UsageCounts.extend({
    roles: record(string$1(), UsageCounts).nullable(),
});
/** Harness-mode counters of one case (rlm-code `HarnessRunner`); null for other modes. */
const HarnessCounters = object({
    mcp_enabled: boolean().nullable(),
    mcp_server: nullableString,
    harness_strategy: nullableString,
    harness_tool_calls: count$3,
    mcp_tool_calls: count$3,
    codemode_chain_calls: count$3,
    codemode_search_calls: count$3,
    codemode_discovery_calls: count$3,
    codemode_guardrail_blocked: boolean(),
});
/** Grouping labels of a case, used for slices and clusters. Unknown is null. */
const CaseLabels = object({
    environment: nullableString,
    task_family: nullableString,
    domain: nullableString,
    split: nullableString,
    length_bucket: nullableString,
});
/** One case of one run. */
const CaseResult = object({
    /** Non-empty, unique within a run. */
    id: string$1().min(1),
    /** Whether the case finished (rlm-code `completed`); strictly a boolean. */
    completed: boolean(),
    /** rlm-code `total_reward`: may exceed 1 (native) and is -1.0 on failure rows. */
    reward: number(),
    /** Agent steps taken; 0 on failure rows. */
    steps: count$3,
    /** Wall time of the case in seconds; null when the tool did not record it. */
    duration_seconds: number().nonnegative().nullable(),
    /** Null when the row has no usage (rlm-code failure rows). */
    usage: CaseUsage.nullable(),
    /** The exception text of a failure row; null otherwise. */
    error: nullableString,
    mode: nullableString,
    labels: CaseLabels,
    harness: HarnessCounters.nullable(),
    description: nullableString,
    task: nullableString,
    started_at: nullableString,
    finished_at: nullableString,
    run_id: nullableString,
    run_path: nullableString,
    final_response: nullableString,
    expected_answer: unknown(),
    /** Only meaningful when an expected answer was set; null otherwise. */
    answer_match: boolean().nullable(),
    /** Every field of the source row this model does not name, kept verbatim. */
    extra: record(string$1(), unknown()),
});
/** Latency statistics over case durations, seconds. */
const LatencyStats = object({
    avg: number(),
    p50: number(),
    p95: number(),
    p99: number(),
    max: number(),
});
/** Run-level facts: what was run and how. Unknown is null. */
const RunInfo = object({
    preset: nullableString,
    /** `native` | `harness` | `direct-llm` for rlm-code; null when the summary predates the field. */
    mode: nullableString,
    mcp_enabled: boolean().nullable(),
    mcp_server: nullableString,
    harness_strategy: nullableString,
    model: nullableString,
    source: nullableString,
    description: nullableString,
    pack_paths: array(string$1()),
    started_at: nullableString,
    finished_at: nullableString,
    duration_seconds: number().nonnegative().nullable(),
    /** True when the run was cancelled; null when the summary does not say. */
    cancelled: boolean().nullable(),
});
/**
 * The aggregates as the tool reported them at the top level. rlm-code's gates read these, not
 * the case rows, so they are kept exactly; the integrity checks compare them with the rows.
 */
const ReportedTotals = object({
    total_cases: count$3,
    /** Null when the summary predates the field. */
    attempted_cases: count$3.nullable(),
    completed_cases: count$3,
    avg_reward: number(),
    avg_steps: number(),
    latency_seconds: LatencyStats.nullable(),
    usage_totals: UsageCounts.nullable(),
});
/** A metadata value stamped on a run (commit, model, seed …). */
const MetadataValue = union([string$1(), number(), boolean(), _null()]);
const BenchmarkSummary = object({
    schema: literal(SUMMARY_SCHEMA),
    /** rlm-code `benchmark_id`, or the file stem when the summary has none. */
    id: string$1().min(1),
    /** The source format the summary was read from, e.g. `rlm-code`. */
    format: string$1(),
    run: RunInfo,
    reported: ReportedTotals,
    metadata: record(string$1(), MetadataValue),
    cases: array(CaseResult),
    /** Top-level fields of the source this model does not name, kept verbatim. */
    extra: record(string$1(), unknown()),
});

/**
 * Finds where a JSON text breaks, for error messages. `JSON.parse` says "Unexpected token" with no
 * position on some errors and never names the field, so when it fails this scanner walks the text
 * once more and reports the line, column and JSON path of the first problem.
 *
 * Python's `json.dumps` writes `NaN`, `Infinity` and `-Infinity` for non-finite floats (rlm-code does
 * when a metric is undefined): those are reported as such, with the field they sit in, because that is
 * a data problem the user must fix upstream, not a corrupt file.
 */
class Fail extends Error {
    at;
    reason;
    nonFinite;
    constructor(at, reason, nonFinite = false) {
        super(reason);
        this.at = at;
        this.reason = reason;
        this.nonFinite = nonFinite;
    }
}
const WS = new Set([' ', '\t', '\n', '\r']);
/** Deeper nesting is reported rather than followed (the scanner recurses; summaries are shallow). */
const MAX_DEPTH = 512;
const NON_FINITE = ['-Infinity', 'Infinity', 'NaN'];
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
 * Scans `text` and returns its first problem, or null if it is valid JSON with finite numbers only.
 * Number literals too large for a double (`1e999`, which JSON.parse turns into Infinity) count as
 * problems, like NaN.
 */
function locateJsonProblem(text) {
    const path = [];
    let i = 0;
    const skip = () => {
        while (i < text.length && WS.has(text[i]))
            i++;
    };
    const expect = (ch, what) => {
        skip();
        if (text[i] !== ch)
            throw new Fail(i, `expected ${what}`);
        i++;
    };
    const str = () => {
        const start = i;
        i++; // opening quote
        while (i < text.length && text[i] !== '"') {
            const c = text.charCodeAt(i);
            if (c < 0x20)
                throw new Fail(i, 'control character inside a string');
            i += text[i] === '\\' ? 2 : 1;
        }
        if (i >= text.length)
            throw new Fail(start, 'string is not closed');
        i++;
        try {
            return JSON.parse(text.slice(start, i));
        }
        catch {
            throw new Fail(start, 'invalid escape sequence in string');
        }
    };
    const value = () => {
        skip();
        if (path.length > MAX_DEPTH)
            throw new Fail(i, `nesting deeper than ${MAX_DEPTH} levels`);
        const ch = text[i];
        if (ch === undefined)
            throw new Fail(i, 'unexpected end of file: a value is missing');
        if (ch === '{')
            return object();
        if (ch === '[')
            return array();
        if (ch === '"')
            return void str();
        for (const lit of NON_FINITE) {
            if (text.startsWith(lit, i))
                throw new Fail(i, `${lit} is not a finite number`, true);
        }
        const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|^(true|false|null)/.exec(text.slice(i, i + 400));
        if (!m)
            throw new Fail(i, `unexpected character ${JSON.stringify(ch)}`);
        if (m[4] === undefined && !Number.isFinite(Number(m[0]))) {
            throw new Fail(i, `${m[0].length > 20 ? `${m[0].slice(0, 20)}…` : m[0]} is too large to be a finite number`, true);
        }
        i += m[0].length;
    };
    const object = () => {
        i++;
        skip();
        if (text[i] === '}')
            return void i++;
        for (;;) {
            skip();
            if (text[i] !== '"')
                throw new Fail(i, 'expected a double-quoted property name');
            path.push(str());
            expect(':', "':' after the property name");
            value();
            path.pop();
            skip();
            if (text[i] === ',')
                i++;
            else if (text[i] === '}')
                return void i++;
            else
                throw new Fail(i, "expected ',' or '}' after a property value");
        }
    };
    const array = () => {
        i++;
        skip();
        if (text[i] === ']')
            return void i++;
        for (let n = 0;; n++) {
            path.push(n);
            value();
            path.pop();
            skip();
            if (text[i] === ',')
                i++;
            else if (text[i] === ']')
                return void i++;
            else
                throw new Fail(i, "expected ',' or ']' after an array element");
        }
    };
    try {
        value();
        skip();
        if (i < text.length)
            throw new Fail(i, 'unexpected text after the end of the JSON value');
        return null;
    }
    catch (err) {
        if (!(err instanceof Fail))
            throw err;
        const before = text.slice(0, err.at);
        const line = before.split('\n').length;
        const column = err.at - before.lastIndexOf('\n');
        const full = formatPath(path);
        const shown = full.length > 200 ? `${full.slice(0, 100)}…${full.slice(-99)}` : full;
        return { line, column, path: shown, reason: err.reason, nonFinite: err.nonFinite };
    }
}

/** At most this many problems are listed in one error; the rest are counted. */
const MAX_LISTED_PROBLEMS = 20;
/** Describes a JSON value for "got …": its type and, when short, the value itself. */
function describeValue(value) {
    if (value === undefined)
        return 'nothing (the field is missing)';
    if (value === null)
        return 'null';
    if (typeof value === 'string') {
        const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
        return `the string ${JSON.stringify(shown)}`;
    }
    if (typeof value === 'number')
        return Number.isFinite(value) ? `the number ${value}` : String(value);
    if (typeof value === 'boolean')
        return `${value}`;
    if (Array.isArray(value))
        return `an array of ${value.length}`;
    return 'an object';
}
function valueAt$1(root, path) {
    let v = root;
    for (const seg of path) {
        if (v === null || typeof v !== 'object')
            return undefined;
        v = v[seg];
    }
    return v;
}
const TYPE_NAMES = {
    boolean: 'a boolean (true or false)',
    number: 'a finite number',
    int: 'a whole number',
    string: 'a string',
    object: 'an object',
    array: 'an array',
    record: 'an object',
    null: 'null',
};
/** zod's own wording ("Invalid input: expected boolean, received string") as "expected …". */
function expectation(issue) {
    if (issue.message.startsWith('expected '))
        return issue.message; // set by the schemas (fields.ts)
    switch (issue.code) {
        case 'invalid_type':
            return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
        case 'invalid_value':
            return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
        case 'too_small':
            return `expected a value ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`;
        case 'too_big':
            return `expected a value ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}`;
        default:
            return issue.message;
    }
}
/** The human description of one issue, e.g. `expected a boolean (true or false), got the string "false"`. */
function describeIssue$1(issue, root) {
    if (issue.code === 'unrecognized_keys')
        return `unexpected keys ${issue.keys.join(', ')}`;
    return `${expectation(issue)}, got ${describeValue(valueAt$1(root, issue.path))}`;
}
/**
 * Names a problem's place: `case "id" ($.cases[3].completed)` inside the case list `listKey` (its
 * rows identified by `idKey`), the bare JSON path elsewhere.
 */
function caseAwarePath(root, listKey, idKey) {
    return (path) => {
        const where = formatPath(path);
        if (path[0] !== listKey || typeof path[1] !== 'number')
            return where;
        const row = valueAt$1(root, [listKey, path[1]]);
        const id = typeof row === 'object' && row !== null ? row[idKey] : undefined;
        return typeof id === 'string' && id !== '' ? `case ${JSON.stringify(id)} (${where})` : where;
    };
}
/** One line per problem: `<where>: <what>`, where includes the case id for case rows. */
function formatIssues(issues, root, where = (p) => formatPath(p)) {
    return issues.map((issue) => `${where(issue.path)}: ${describeIssue$1(issue, root)}`);
}
/** Throws one InputError listing up to {@link MAX_LISTED_PROBLEMS} problems of `file`. */
function throwProblems(file, problems, total = problems.length) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    const more = total - listed.length;
    const head = total === 1 ? `${file}: ${listed[0] ?? ''}` : `${file}: ${total} problems:\n${listed.map((p) => `  - ${p}`).join('\n')}`;
    throw new InputError(more > 0 ? `${head}\n  … and ${more} more` : head);
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
/** Throws when a verbatim-kept value holds ±Infinity; `where` names the place as other problems do. */
function assertFiniteValues(file, value, base, where) {
    const found = nonFinitePath(value, base);
    if (found) {
        throw new InputError(`${file}: ${where(found)}: expected a finite number, got a number too large for a double (a literal such as 1e999)`);
    }
}

/**
 * benchgate's own normalized summaries (`schema: benchgate.summary/v1`), as the run mode stores them.
 * Read back with the same strictness as any other input: they may come from an untrusted artifact.
 */
/** True when `data` declares the canonical schema (any version, so old versions get a clear error). */
function isBenchgateSummary(data) {
    const schema = data?.schema;
    return typeof schema === 'string' && schema.startsWith('benchgate.summary/');
}
const BENCHGATE_SHAPE = `a benchgate normalized summary: a JSON object with \`schema: "${SUMMARY_SCHEMA}"\``;
/** Validates a normalized summary read from `file`. */
function fromBenchgate(file, data) {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new InputError(`${file}: expected ${BENCHGATE_SHAPE}, got ${describeValue(data)}`);
    }
    const schema = data.schema;
    if (schema !== SUMMARY_SCHEMA) {
        const other = isBenchgateSummary(data) ? ' (written by another benchgate version)' : '';
        throw new InputError(`${file}: $.schema: expected "${SUMMARY_SCHEMA}", got ${describeValue(schema)}${other}`);
    }
    const parsed = BenchmarkSummary.safeParse(data);
    if (!parsed.success) {
        const issues = parsed.error.issues;
        throwProblems(file, formatIssues(issues, data, caseAwarePath(data, 'cases', 'id')), issues.length);
    }
    const where = caseAwarePath(data, 'cases', 'id');
    assertFiniteValues(file, parsed.data.extra, ['extra'], where);
    parsed.data.cases.forEach((c, i) => {
        assertFiniteValues(file, { extra: c.extra, expected_answer: c.expected_answer }, ['cases', i], where);
    });
    const first = new Map();
    const dups = [];
    parsed.data.cases.forEach((c, i) => {
        const at = first.get(c.id);
        if (at === undefined)
            first.set(c.id, i);
        else
            dups.push(`duplicate case id ${JSON.stringify(c.id)} at $.cases[${at}] and [${i}]; expected each id once`);
    });
    if (dups.length > 0)
        throwProblems(file, dups);
    return parsed.data;
}

/**
 * Summaries backed by their packed form (schema/pack.ts): what loading a large pair returns. Their
 * case objects are built only if something asks for them; the comparison reads the packed form.
 */
/** Summaries made by {@link packedSummary} whose cases have not been handed out yet. */
const BACKING = new WeakMap();
/**
 * The summary of a packed form, without building its case objects: `cases` is built (as
 * {@link unpackSummary} builds it) on first access. The comparison reads the packed form instead
 * (see {@link packedOf}), so comparing large files never builds 100,000 case objects.
 */
function packedSummary(p) {
    const { schema, id, format, run, reported, metadata, extra } = p.head;
    const summary = { schema, id, format, run, reported, metadata };
    let cases = null;
    // Once the cases are out, they may be changed in place: from then on the packed form is stale.
    Object.defineProperty(summary, 'cases', {
        enumerable: true,
        configurable: true,
        get: () => {
            BACKING.delete(summary);
            return (cases ??= unpackSummary(p).cases);
        },
        set: (value) => {
            BACKING.delete(summary);
            cases = value;
        },
    });
    summary.extra = extra;
    BACKING.set(summary, p);
    return summary;
}
/**
 * The packed form of a summary's cases: the one it was loaded from when still current, else packed
 * now, keeping the case `fields` asked for. A summary loaded packed must have been loaded with them
 * (the loaders take them from the configuration): its cases no longer hold the fields.
 */
function packedOf(summary, fields = NO_FIELDS) {
    const backing = BACKING.get(summary);
    if (backing === undefined)
        return packSummary(summary, fields);
    const missing = [...fields.numbers.filter((f) => !Object.hasOwn(backing.fields.numbers, f)), ...fields.labels.filter((f) => !Object.hasOwn(backing.fields.labels, f))];
    if (missing.length > 0)
        throw new Error(`${summary.id}: loaded packed without the case fields ${missing.join(', ')}; load it with them (LoadOptions.keep)`);
    return backing;
}
/** The number of cases of a summary, without building the case objects of a packed one. */
function caseCount(summary) {
    return BACKING.get(summary)?.ids.length ?? summary.cases.length;
}

/**
 * What the findings and the usage figures read from one run's case rows, gathered in one pass over
 * its packed form. Sums run in row order, as the reports have always computed them, so the results
 * are the same doubles to the last bit.
 */
function runTotals(p) {
    const { numbers, flags, ids, errors } = p;
    const n = flags.length;
    let completed = 0;
    let reward = 0;
    let steps = 0;
    let calls = 0;
    let prompt = 0;
    let completion = 0;
    let blocked = 0;
    let mcp = null;
    for (let i = 0; i < n; i++) {
        const f = flags[i];
        const at = i * SLOTS;
        if (f & FLAG.completed)
            completed++;
        reward += numbers[at + SLOT.reward];
        steps += numbers[at + SLOT.steps];
        if (f & FLAG.usage) {
            calls += numbers[at + SLOT.totalCalls];
            prompt += numbers[at + SLOT.promptTokens];
            completion += numbers[at + SLOT.completionTokens];
        }
        if (f & FLAG.harness) {
            mcp = (mcp ?? 0) + numbers[at + SLOT.mcpToolCalls];
            if (f & FLAG.guardrail)
                blocked++;
        }
    }
    const errored = Object.keys(errors).map((i) => ids[Number(i)]);
    return {
        rows: n,
        completed,
        reward,
        steps,
        total_calls: calls,
        prompt_tokens: prompt,
        completion_tokens: completion,
        sortedDurations: p.sortedDurations,
        guardrail_blocked: blocked,
        mcp_tool_calls: mcp,
        errored,
    };
}

/**
 * Usage, latency and safety figures of one run, computed from its case rows (the evidence), for the
 * report and the release checklist. None of these are gated in rlm-code.
 */
/**
 * rlm-code's latency percentile: linear interpolation at position (n−1)·q over ascending values,
 * computed as lo·(1−w) + hi·w (that exact form, for identical floating-point results).
 */
function percentile(sorted, q) {
    if (sorted.length === 0)
        return 0;
    const pos = (sorted.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.min(lo + 1, sorted.length - 1);
    const w = pos - lo;
    return sorted[lo] * (1 - w) + sorted[hi] * w;
}
/** Latency statistics of the given durations, or null when there are none. */
function latencyStats(durations) {
    return latencyOfSorted(Float64Array.from(durations).sort());
}
/** {@link latencyStats} of durations sorted ascending. */
function latencyOfSorted(sorted) {
    if (sorted.length === 0)
        return null;
    let sum = 0;
    for (const x of sorted)
        sum += x; // rlm-code sums the sorted values
    const avg = sum / sorted.length;
    return {
        avg,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        max: sorted[sorted.length - 1],
    };
}
/** The usage figures of a run from its {@link RunTotals}. */
function usageFromTotals(t) {
    return {
        total_calls: t.total_calls,
        prompt_tokens: t.prompt_tokens,
        completion_tokens: t.completion_tokens,
        latency_seconds: latencyOfSorted(t.sortedDurations),
        guardrail_blocked: t.guardrail_blocked,
        mcp_tool_calls: t.mcp_tool_calls,
        errors: t.errored.length,
    };
}

/**
 * What the adapters of record-shaped formats share: reading typed fields of one record with errors
 * that name the file, the record (a JSON Lines line or a JSON path) and the field; a case with the
 * canonical defaults; and a summary whose reported totals are computed from its cases (these tools
 * report no totals of their own, so there is nothing to cross-check).
 */
/** The value at a dotted path of a record; a key containing dots is taken whole first. */
const valueAt = fieldValue;
/** A JSON object (not an array, not null). */
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The array of records of a parsed JSON document (the document itself, or under the first of `keys` that holds one), and its path. */
function recordsAt(data, keys) {
    if (Array.isArray(data))
        return { items: data, at: '$' };
    for (const key of keys)
        if (isObj(data) && Array.isArray(data[key]))
            return { items: data[key], at: `$.${key}` };
    return null;
}
function firstOf(record, names) {
    for (const name of names) {
        const value = valueAt(record, name);
        if (value !== undefined)
            return { name, value };
    }
    return undefined;
}
/** Collects problems of one file and throws them together (at most a screenful). */
class Problems {
    file;
    list = [];
    total = 0;
    constructor(file) {
        this.file = file;
    }
    add(place, field, expected, got) {
        this.total++;
        if (this.list.length < MAX_LISTED_PROBLEMS)
            this.list.push(`${place}${field === null ? '' : `: "${field}"`}: expected ${expected}, got ${describeValue(got)}`);
    }
    note(message) {
        this.total++;
        if (this.list.length < MAX_LISTED_PROBLEMS)
            this.list.push(message);
    }
    get empty() {
        return this.total === 0;
    }
    /** Throws when any problem was added. */
    check() {
        if (this.total === 0)
            return;
        const head = this.total === 1 ? `${this.file}: ${this.list[0] ?? ''}` : `${this.file}: ${this.total} problems:\n${this.list.map((p) => `  - ${p}`).join('\n')}`;
        throw new InputError(this.total > this.list.length ? `${head}\n  … and ${this.total - this.list.length} more` : head);
    }
}
/** A finite number (numeric strings too when `strings`), or undefined after adding a problem. */
function numberField(p, place, field, value, opts = {}) {
    const n = typeof value === 'number' ? value : opts.strings && typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    const range = opts.min !== undefined && opts.max !== undefined ? ` from ${opts.min} to ${opts.max}` : opts.min !== undefined ? ` of at least ${opts.min}` : '';
    if (!Number.isFinite(n) || (opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
        p.add(place, field, `a number${range}`, value);
        return undefined;
    }
    return n;
}
/** A boolean, or 0/1, or undefined after adding a problem. */
function flagField(p, place, field, value) {
    if (typeof value === 'boolean')
        return value;
    if (value === 0 || value === 1)
        return value === 1;
    p.add(place, field, 'true, false, 0 or 1', value);
    return undefined;
}
/** A case with the canonical defaults for what the format does not record. */
function caseOf(c) {
    const { id, completed, reward, ...rest } = c;
    return {
        id, completed, reward, steps: 0, duration_seconds: null, usage: null, error: null, mode: null,
        labels: { environment: null, task_family: null, domain: null, split: null, length_bucket: null },
        harness: null, description: null, task: null, started_at: null, finished_at: null, run_id: null, run_path: null,
        final_response: null, expected_answer: null, answer_match: null, extra: {},
        ...rest,
    };
}
/** Adds a problem for every case id seen twice, naming both places. */
function checkUniqueIds$1(p, ids) {
    const first = new Map();
    for (const { id, place } of ids) {
        const at = first.get(id);
        if (at === undefined)
            first.set(id, place);
        else
            p.note(`${place}: case id ${JSON.stringify(id)} is also at ${at}; expected each id once`);
    }
}
const NO_RUN = {
    preset: null, mode: null, mcp_enabled: null, mcp_server: null, harness_strategy: null, model: null, source: null,
    description: null, pack_paths: [], started_at: null, finished_at: null, duration_seconds: null, cancelled: null,
};
/** A summary of `cases`, its totals computed from them (the format reports none to keep). */
function summaryOf(s) {
    const n = s.cases.length;
    const usage = s.cases.every((c) => c.usage !== null) && n > 0
        ? s.cases.reduce((u, c) => ({ total_calls: u.total_calls + (c.usage?.total_calls ?? 0), prompt_tokens: u.prompt_tokens + (c.usage?.prompt_tokens ?? 0), completion_tokens: u.completion_tokens + (c.usage?.completion_tokens ?? 0) }), { total_calls: 0, prompt_tokens: 0, completion_tokens: 0 })
        : null;
    const durations = s.cases.flatMap((c) => (c.duration_seconds === null ? [] : [c.duration_seconds]));
    return {
        schema: SUMMARY_SCHEMA,
        id: s.id,
        format: s.format,
        run: { ...NO_RUN, ...s.run },
        reported: {
            total_cases: n,
            attempted_cases: n,
            completed_cases: s.cases.filter((c) => c.completed).length,
            avg_reward: n ? s.cases.reduce((a, c) => a + c.reward, 0) / n : 0,
            avg_steps: n ? s.cases.reduce((a, c) => a + c.steps, 0) / n : 0,
            latency_seconds: latencyStats(durations),
            usage_totals: usage,
        },
        metadata: s.metadata ?? {},
        cases: s.cases,
        extra: s.extra ?? {},
    };
}
/** The file name without directories and extension: the run id of formats that write none. */
function stemOf(file) {
    const base = file.split(/[\\/]/).pop() ?? file;
    return base.replace(/\.(jsonl?|xml|ndjson)$/i, '') || base;
}

/**
 * github-action-benchmark's custom JSON (the `customBiggerIsBetter` / `customSmallerIsBetter` tools):
 * an array of `{name, unit, value, range?, extra?}`, so classic performance benchmarks use the same
 * gate. Each benchmark is a case that completed; its value is the reward, negated when smaller is
 * better, so "higher reward is better" holds for both and reward regressions list the benchmarks
 * that got worse. The file does not say which way is better: the format name does.
 */
const GAB_SHAPE = 'github-action-benchmark custom JSON: an array of {"name", "unit", "value"} objects';
const isEntry = (x) => typeof x === 'object' && x !== null && typeof x.name === 'string' && typeof x.unit === 'string' && 'value' in x;
function gabMismatch(source) {
    if (source.kind !== 'json')
        return `not a JSON document (${source.kind})`;
    const data = source.json();
    if (!Array.isArray(data) || data.length === 0)
        return 'not a non-empty array';
    return data.every(isEntry) ? null : 'not every element has string "name" and "unit" and a "value"';
}
/** For auto-detection: the direction must be chosen, the file cannot say it. */
function gabUndirected(source) {
    throw new InputError(`${source.file}: a github-action-benchmark file does not say whether bigger or smaller is better; give --input-format github-action-benchmark-bigger or github-action-benchmark-smaller (the action's format input, or input.format in the configuration)`);
}
function fromGab(source, smallerIsBetter) {
    const data = source.json();
    const p = new Problems(source.file);
    if (!Array.isArray(data))
        throw new InputError(`${source.file}: expected ${GAB_SHAPE}`);
    const cases = [];
    const ids = [];
    data.forEach((entry, i) => {
        const place = `$[${i}]`;
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
            return p.add(place, null, 'an object {name, unit, value}', entry);
        const e = entry;
        if (typeof e['name'] !== 'string' || e['name'] === '')
            return p.add(place, 'name', 'a non-empty string', e['name']);
        if (typeof e['unit'] !== 'string')
            return p.add(place, 'unit', 'a string', e['unit']);
        const value = numberField(p, place, 'value', e['value']);
        if (value === undefined)
            return;
        for (const key of ['range', 'extra'])
            if (e[key] !== undefined && typeof e[key] !== 'string')
                return p.add(place, key, 'a string', e[key]);
        const { name, ...rest } = e;
        cases.push(caseOf({ id: name, completed: true, reward: smallerIsBetter ? -value : value, extra: rest }));
        ids.push({ id: name, place });
    });
    checkUniqueIds$1(p, ids);
    if (p.empty && cases.length === 0)
        p.note('no benchmarks');
    p.check();
    return summaryOf({ id: stemOf(source.file), format: smallerIsBetter ? 'github-action-benchmark-smaller' : 'github-action-benchmark-bigger', cases, extra: { direction: smallerIsBetter ? 'smaller is better (reward = -value)' : 'bigger is better (reward = value)' } });
}

/**
 * Reads a JSON file for an adapter, turning every way it can fail into an {@link InputError} that
 * names the file and, for syntax problems, the line, column and JSON path.
 */
/**
 * Reads `file` as UTF-8 text (a leading byte-order mark is dropped). Files whose characters are all
 * below U+0100 (ASCII, and ASCII with Latin-1 letters such as é or ï) take a faster decoder with the
 * same result; see {@link decodeUtf8}. `content` is the file's bytes when they have been read
 * already (by another thread); they are decoded in place.
 */
function readTextFile(file, content) {
    let text;
    try {
        const bytes = content ? Buffer.from(content.buffer, content.byteOffset, content.byteLength) : readFileSync(file);
        text = decodeUtf8(bytes);
    }
    catch (err) {
        throw new InputError(`${file}: ${describeFsError(err)}`);
    }
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
/**
 * `bytes.toString('utf8')`, faster for the common text of benchmark summaries. Decoding UTF-8 costs
 * about three times what copying Latin-1 costs on a 100 MB file, and both give the same one-byte
 * string when every character is below U+0100: ASCII files are copied as Latin-1, and files whose
 * only other bytes are 2-byte sequences for U+0080–U+00FF are narrowed to Latin-1 in place first
 * (`bytes` is overwritten). Anything else (other characters, a byte-order mark, invalid UTF-8) takes the UTF-8 decoder.
 */
function decodeUtf8(bytes) {
    if (isAscii(bytes))
        return bytes.toString('latin1');
    const leads = latin1Leads(bytes);
    return leads === null ? bytes.toString('utf8') : bytes.toString('latin1', 0, narrowToLatin1(bytes, leads));
}
/**
 * Where the 2-byte sequences of U+0080–U+00FF start (lead byte C2 or C3, then a continuation byte),
 * when all other bytes are ASCII; null when some other byte occurs, or when there are so many
 * sequences (over one per KiB) that the UTF-8 decoder is faster: each costs a few native calls here.
 */
function latin1Leads(bytes) {
    const leads = [];
    const most = 16 + (bytes.length >> 10);
    let from = 0;
    let c2 = bytes.indexOf(0xc2);
    let c3 = bytes.indexOf(0xc3);
    for (;;) {
        const at = c2 < 0 ? c3 : c3 < 0 ? c2 : Math.min(c2, c3);
        if (!isAscii(bytes.subarray(from, at < 0 ? bytes.length : at)))
            return null;
        if (at < 0)
            return leads;
        const next = bytes[at + 1];
        if (next === undefined || (next & 0xc0) !== 0x80 || leads.length >= most)
            return null;
        leads.push(at);
        from = at + 2;
        if (c2 === at)
            c2 = bytes.indexOf(0xc2, from);
        if (c3 === at)
            c3 = bytes.indexOf(0xc3, from);
    }
}
/** Rewrites each sequence at `leads` as its one Latin-1 byte, closing the gaps; returns the new length. */
function narrowToLatin1(bytes, leads) {
    let w = leads[0] ?? bytes.length;
    for (let k = 0; k < leads.length; k++) {
        const at = leads[k];
        const end = leads[k + 1] ?? bytes.length;
        bytes[w++] = ((bytes[at] & 0x1f) << 6) | (bytes[at + 1] & 0x3f);
        bytes.copyWithin(w, at + 2, end);
        w += end - at - 2;
    }
    return w;
}
function describeFsError(err) {
    const code = err.code;
    switch (code) {
        case 'ENOENT':
            return 'no such file';
        case 'EISDIR':
            return 'is a directory, expected a JSON file';
        case 'EACCES':
        case 'EPERM':
            return 'permission denied';
        case 'ERR_STRING_TOO_LONG':
            return 'file is too large to read (over 512 MiB)';
        default:
            return `cannot read file (${String(code ?? err.message)})`;
    }
}
/** Parses JSON text read from `file`; syntax errors name the line, column and path. */
function parseJsonText(file, text) {
    if (text.trim() === '')
        throw new InputError(`${file}: file is empty, expected a JSON object`);
    try {
        return JSON.parse(text);
    }
    catch (err) {
        const problem = locateJsonProblem(text);
        if (!problem)
            throw new InputError(`${file}: not valid JSON (${err.message})`);
        throwProblem(file, problem);
    }
}
function throwProblem(file, problem) {
    const where = `line ${problem.line}, column ${problem.column} (${problem.path})`;
    if (problem.nonFinite) {
        throw new InputError(`${file}: ${where}: ${problem.reason}; expected a finite number (JSON has no NaN or Infinity)`);
    }
    throw new InputError(`${file}: not valid JSON at ${where}: ${problem.reason}`);
}

/**
 * One input file as the adapters see it: its kind (JSON, JSON Lines, XML) sniffed from its first
 * bytes, its text and parsed JSON on demand (each read once), and its lines streamed in chunks, so a
 * JSON Lines file larger than a string can hold is read one record at a time.
 */
const HEAD_BYTES = 64 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;
/** The kind of a text from its start: a complete JSON value on the first line and more lines is JSON Lines. */
function sniffKind(head) {
    const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
    const start = text.search(/\S/);
    if (start < 0)
        return 'empty';
    const first = text[start];
    if (first === '<')
        return 'xml';
    if (first !== '{' && first !== '[')
        return 'other';
    const eol = text.indexOf('\n', start);
    if (eol < 0)
        return 'json';
    if (text.slice(eol + 1).trim() === '')
        return 'json';
    try {
        JSON.parse(text.slice(start, eol));
        return 'jsonl';
    }
    catch {
        return 'json';
    }
}
/** Opens `file` for reading; failing, an InputError that names the file and says why. */
function openOrExplain(file) {
    try {
        return openSync(file, 'r');
    }
    catch (err) {
        throw new InputError(`${file}: ${describeFsError(err)}`);
    }
}
/** The first bytes of a file, as text; an InputError naming the file when it cannot be read. */
function readHead(file) {
    const fd = openOrExplain(file);
    try {
        const buf = Buffer.alloc(HEAD_BYTES);
        const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
        return buf.subarray(0, n).toString('utf8');
    }
    catch (err) {
        throw new InputError(`${file}: ${describeFsError(err)}`);
    }
    finally {
        closeSync(fd);
    }
}
/** Splits chunks of bytes into numbered lines; a line may span chunks. */
function* splitLines$1(chunks) {
    let carry = Buffer.alloc(0);
    let line = 0;
    for (const chunk of chunks) {
        let buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
        let from = 0;
        for (let nl = buf.indexOf(10, from); nl >= 0; nl = buf.indexOf(10, from)) {
            const end = nl > from && buf[nl - 1] === 13 ? nl - 1 : nl;
            line++;
            const text = decodeUtf8(Buffer.from(buf.subarray(from, end)));
            yield { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
            from = nl + 1;
        }
        buf = buf.subarray(from);
        carry = Buffer.from(buf);
    }
    if (carry.length > 0) {
        line++;
        const text = decodeUtf8(carry);
        yield { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
    }
}
function* fileChunks(file) {
    const fd = openOrExplain(file);
    try {
        for (;;) {
            const buf = Buffer.allocUnsafe(CHUNK_BYTES);
            const n = readSync(fd, buf, 0, CHUNK_BYTES, null);
            if (n === 0)
                return;
            yield buf.subarray(0, n);
        }
    }
    finally {
        closeSync(fd);
    }
}
/**
 * The source of a file on disk; `content` is its bytes when another thread has read them already.
 */
/** The source of a directory: formats whose run is a folder of files (one per scenario). */
function directorySource(dir) {
    const refuse = () => {
        throw new InputError(`${dir}: is a directory; only a format whose run is a folder of files (rle) reads one, give a file otherwise`);
    };
    return {
        file: dir,
        kind: 'directory',
        text: refuse,
        json: refuse,
        lines: refuse,
        sibling: (name) => resolve(dir, name),
        entries: () => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort(),
    };
}
function fileSource(file, content) {
    if (!content && isDirectory(file))
        return directorySource(file);
    const bytes = content ? Buffer.from(content.buffer, content.byteOffset, content.byteLength) : null;
    const kind = sniffKind(bytes ? bytes.subarray(0, HEAD_BYTES).toString('utf8') : readHead(file));
    let text;
    let parsed;
    return {
        file,
        kind,
        text: () => (text ??= readTextFile(file, bytes ?? undefined)),
        json() {
            if (parsed)
                return parsed.value;
            const value = parseJsonText(file, (text ??= readTextFile(file, bytes ?? undefined)));
            parsed = { value };
            text = undefined; // the parsed value is what is kept
            return value;
        },
        lines: () => splitLines$1(bytes ? [bytes] : { [Symbol.iterator]: () => fileChunks(file) }),
        sibling: (name) => resolve(dirname(file), name),
        entries: () => [],
    };
}
function isDirectory(path) {
    try {
        return statSync(path).isDirectory();
    }
    catch {
        return false; // reading it says why
    }
}

/**
 * RimWorld Learning Environment runs: a scenario's `<scenario>_summary.json`, a directory of them (one
 * run, each scenario a case), or `benchmark_history.jsonl` (the scenario lines of its newest benchmark
 * run). The composite score is the reward, the outcome the completion (`survived`, `completed`,
 * `success` or `win` count as completed), ticks the steps. Each scenario's cost is kept with its
 * pricing source; the run's cost is their sum only when every price was known (an `unknown` price
 * means the cost reads 0 only because it could not be priced: the run's cost is then unknown). The
 * metadata that decides comparability is carried: scoring version, seed, the DLL and save hashes
 * (the saves together as `dataset_hash`), fork commit, model and provider.
 */
const RLE_SHAPE = 'an RLE run: a <scenario>_summary.json (`scenario`, `outcome`, `composite_score`, `ticks_run`), a directory of them, or benchmark_history.jsonl';
const COMPLETED = new Set(['survived', 'completed', 'success', 'win', 'won']);
const SUMMARY_FILE = /_summary\.json$/;
const isScenario = (v) => isObj(v) && 'composite_score' in v && 'outcome' in v && ('scenario' in v || 'scenario_name' in v);
function rleMismatch(source) {
    if (source.kind === 'directory')
        return source.entries().some((n) => SUMMARY_FILE.test(n)) ? null : 'a directory without *_summary.json files';
    if (source.kind === 'json')
        return isScenario(source.json()) ? null : 'no `scenario`, `outcome` and `composite_score`';
    if (source.kind === 'jsonl') {
        for (const { text } of source.lines()) {
            if (text.trim() === '')
                continue;
            try {
                const r = JSON.parse(text);
                return isObj(r) && (r['run_type'] === 'scenario' || r['run_type'] === 'benchmark') ? null : 'its first line has no run_type "scenario" or "benchmark"';
            }
            catch {
                return 'its first line is not JSON';
            }
        }
    }
    return `not an RLE summary (${source.kind})`;
}
/** One scenario run as a case. */
function toCase$5(p, s) {
    const r = s.data;
    const name = r['scenario'] ?? r['scenario_name'];
    if (typeof name !== 'string' || name === '')
        return (p.add(s.place, 'scenario', 'the scenario name', name), null);
    if (typeof r['outcome'] !== 'string')
        return (p.add(s.place, 'outcome', 'the outcome (a string such as "survived")', r['outcome']), null);
    const score = numberField(p, s.place, 'composite_score', r['composite_score']);
    const ticks = r['ticks_run'] === undefined ? 0 : numberField(p, s.place, 'ticks_run', r['ticks_run'], { min: 0 });
    const cost = isObj(r['cost']) ? r['cost'] : null;
    const usd = cost === null || cost['estimated_cost_usd'] === undefined ? null : numberField(p, s.place, 'cost.estimated_cost_usd', cost['estimated_cost_usd'], { min: 0 });
    if (score === undefined || ticks === undefined || usd === undefined)
        return null;
    const source = cost !== null && typeof cost['pricing_source'] === 'string' ? cost['pricing_source'] : 'unknown';
    const duration = typeof r['duration_seconds'] === 'number' && r['duration_seconds'] >= 0 ? r['duration_seconds'] : null;
    return caseOf({
        id: name, completed: COMPLETED.has(r['outcome'].toLowerCase()), reward: score, steps: Math.round(ticks), duration_seconds: duration,
        error: r['outcome'] === 'error' && typeof r['error'] === 'string' ? r['error'] : null,
        labels: { environment: 'rimworld', task_family: name, domain: null, split: null, length_bucket: null },
        extra: { ...r, ...(usd === null ? {} : { cost_usd: usd }), pricing_source: source },
    });
}
/** The scenarios of a directory of summaries. */
function fromDirectory(source) {
    return source.entries().filter((n) => SUMMARY_FILE.test(n)).map((n) => {
        const file = source.sibling(n);
        const data = fileSource(file).json();
        if (!isObj(data))
            throw new InputError(`${file}: expected an RLE scenario summary (a JSON object)`);
        return { place: n, data };
    });
}
/** The scenario lines of the newest benchmark run of a history file (streamed). */
function fromHistory(p, source) {
    const byRun = new Map();
    let newest = null;
    for (const { line, text } of source.lines()) {
        if (text.trim() === '')
            continue;
        let r;
        try {
            r = JSON.parse(text);
        }
        catch (err) {
            p.note(`line ${line}: not valid JSON (${err.message})`);
            continue;
        }
        if (!isObj(r) || r['run_type'] !== 'scenario')
            continue;
        const id = r['benchmark_id'];
        if (typeof id !== 'string' || id === '')
            continue; // a standalone scenario run, not part of a benchmark
        byRun.set(id, [...(byRun.get(id) ?? []), { place: `line ${line}`, data: r }]);
        newest = id;
    }
    p.check();
    if (newest === null)
        throw new InputError(`${source.file}: no scenario lines with a benchmark_id: the history holds no benchmark run (give a scenario's _summary.json or a directory of them instead)`);
    return { scenarios: byRun.get(newest) ?? [], benchmark: newest };
}
/** The metadata the runs are compared by; a key that differs between scenarios is an error. */
function runMetadata(p, scenarios) {
    const out = {};
    const one = (key, pick) => {
        const values = new Set(scenarios.map((s) => pick(s.data)).filter((v) => typeof v === 'string' || typeof v === 'number'));
        if (values.size > 1)
            p.note(`the scenarios disagree on ${key} (${[...values].map((v) => JSON.stringify(v)).join(', ')}); one run has one ${key}`);
        const v = [...values][0];
        if (v !== undefined)
            out[key] = v;
    };
    const meta = (d) => (isObj(d['metadata']) ? d['metadata'] : {});
    const cfg = (d) => (isObj(d['config']) ? d['config'] : {});
    one('scoring_version', (d) => meta(d)['scoring_version']);
    one('seed', (d) => meta(d)['seed']);
    one('dll_hash', (d) => meta(d)['dll_hash']);
    one('fork_commit', (d) => meta(d)['fork_commit']);
    one('model', (d) => cfg(d)['model']);
    one('provider', (d) => cfg(d)['provider']);
    const saves = scenarios.map((s) => `${String(s.data['scenario'] ?? s.data['scenario_name'])}:${String(meta(s.data)['save_hash'] ?? '')}`).sort();
    out['dataset_hash'] = createHash('sha256').update(saves.join('\n')).digest('hex');
    return out;
}
function fromRle(source) {
    const p = new Problems(source.file);
    let scenarios;
    let description = null;
    if (source.kind === 'directory')
        scenarios = fromDirectory(source);
    else if (source.kind === 'jsonl') {
        const h = fromHistory(p, source);
        scenarios = h.scenarios;
        description = `benchmark ${h.benchmark} of the history`;
    }
    else {
        const data = source.json();
        if (!isObj(data))
            throw new InputError(`${source.file}: expected ${RLE_SHAPE}`);
        scenarios = [{ place: '$', data }];
    }
    const cases = [];
    const ids = [];
    for (const s of scenarios) {
        const c = toCase$5(p, s);
        if (c === null)
            continue;
        cases.push(c);
        ids.push({ id: c.id, place: s.place });
    }
    checkUniqueIds$1(p, ids);
    const metadata = runMetadata(p, scenarios);
    if (p.empty && cases.length === 0)
        p.note('no scenario summaries');
    p.check();
    const known = cases.every((c) => c.extra['pricing_source'] !== 'unknown' && typeof c.extra['cost_usd'] === 'number');
    if (known)
        metadata['cost_usd'] = cases.reduce((a, c) => a + c.extra['cost_usd'], 0);
    else
        metadata['pricing_source'] = 'unknown';
    const model = typeof metadata['model'] === 'string' ? metadata['model'] : null;
    return summaryOf({ id: stemOf(source.file.replace(/[\\/]+$/, '')), format: 'rle', cases, run: { model, description }, metadata });
}

/**
 * The RLM benchmark runner's `summary.json` (OOLONG, Deep Research, RULER): per benchmark its
 * accuracy (a string holding a number, as the runner writes it), task counts and times. When the
 * per-benchmark results file (`<benchmark>_results.json`) sits next to the summary, its tasks are the
 * cases (`<benchmark>/<task id>`, family = the benchmark); otherwise the benchmark is one case whose
 * reward is its accuracy. The summary's own task counts are kept as the reported totals, so results
 * files that contradict them are caught (finding aggregate-mismatch).
 */
const RLM_RUNNER_SHAPE = 'an RLM benchmark runner summary.json: a JSON object with `benchmarks` (each with `metrics.overall_accuracy` or a `status`)';
function rlmRunnerMismatch(source) {
    if (source.kind !== 'json')
        return `not a JSON document (${source.kind})`;
    const data = source.json();
    if (!isObj(data) || !isObj(data['benchmarks']))
        return 'no `benchmarks` object';
    const entries = Object.values(data['benchmarks']);
    return entries.length > 0 && entries.every((b) => isObj(b) && (isObj(b['metrics']) || typeof b['status'] === 'string')) ? null : 'its benchmarks have no `metrics` or `status`';
}
const TASK = { id: ['task_id', 'id', 'question_id'], correct: ['correct', 'is_correct', 'success', 'passed'], score: ['score', 'accuracy'], time: ['time', 'elapsed', 'duration', 'completion_time', 'time_seconds'] };
/** The task records of a results file: an array, or the array under `results` / `tasks`. */
const taskRecords = (data) => recordsAt(data, ['results', 'tasks']);
/** The tasks of one benchmark's results file as cases; problems name that file. */
function taskCases(key, file) {
    const source = fileSource(file);
    const found = taskRecords(source.json());
    if (found === null)
        throw new InputError(`${file}: expected the per-task results of ${key}: a JSON array of task records (or one under "results" / "tasks")`);
    const p = new Problems(file);
    const out = [];
    const ids = [];
    found.items.forEach((r, i) => {
        const place = `${found.at}[${i}]`;
        if (!isObj(r))
            return p.add(place, null, 'a task record (an object)', r);
        const id = firstOf(r, TASK.id);
        if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number'))
            return p.add(place, TASK.id[0] ?? null, 'a task id (a string or number)', id?.value);
        const correct = firstOf(r, TASK.correct);
        const score = firstOf(r, TASK.score);
        if (correct === undefined && score === undefined)
            return p.note(`${place}: no correctness flag (${TASK.correct.join(', ')}) or score (${TASK.score.join(', ')})`);
        const ok = correct === undefined ? undefined : flagField(p, place, correct.name, correct.value);
        const s = score === undefined ? undefined : numberField(p, place, score.name, score.value, { strings: true });
        const time = firstOf(r, TASK.time);
        const t = time === undefined ? null : (numberField(p, place, time.name, time.value, { min: 0 }) ?? null);
        const completed = ok ?? (s ?? 0) > 0;
        out.push(caseOf({ id: `${key}/${String(id.value)}`, completed, reward: s ?? (completed ? 1 : 0), duration_seconds: t, labels: { environment: null, task_family: key, domain: null, split: null, length_bucket: null }, extra: r }));
        ids.push({ id: `${key}/${String(id.value)}`, place });
    });
    checkUniqueIds$1(p, ids);
    p.check();
    return out;
}
/** One benchmark of the summary: its cases, and the task counts it reports. */
function benchmarkCases(p, source, key, b) {
    const place = `$.benchmarks.${key}`;
    const metrics = isObj(b['metrics']) ? b['metrics'] : null;
    const rest = Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'metrics'));
    if (metrics === null) {
        // A benchmark that did not run: reported with a status instead of metrics.
        return { cases: [caseOf({ id: key, completed: false, reward: 0, error: `status ${String(b['status'] ?? 'unknown')}`, labels: { environment: null, task_family: key, domain: null, split: null, length_bucket: null }, extra: rest })], counts: null };
    }
    const accuracy = numberField(p, place, 'metrics.overall_accuracy', metrics['overall_accuracy'], { min: 0, max: 1, strings: true });
    const total = metrics['total_tasks'] === undefined ? undefined : numberField(p, place, 'metrics.total_tasks', metrics['total_tasks'], { min: 0 });
    const correct = metrics['correct_tasks'] === undefined ? undefined : numberField(p, place, 'metrics.correct_tasks', metrics['correct_tasks'], { min: 0 });
    const time = b['total_time'] === undefined ? null : (numberField(p, place, 'total_time', b['total_time'], { min: 0 }) ?? null);
    const counts = total !== undefined && correct !== undefined ? { total, correct } : null;
    const results = source.sibling(`${key}_results.json`);
    if (existsSync(results))
        return { cases: taskCases(key, results), counts };
    if (accuracy === undefined)
        return { cases: [], counts: null };
    return { cases: [caseOf({ id: key, completed: true, reward: accuracy, duration_seconds: time, labels: { environment: null, task_family: key, domain: null, split: null, length_bucket: null }, extra: { ...rest, metrics } })], counts: null };
}
function fromRlmRunner(source) {
    const data = source.json();
    if (!isObj(data) || !isObj(data['benchmarks']))
        throw new InputError(`${source.file}: expected ${RLM_RUNNER_SHAPE}`);
    const p = new Problems(source.file);
    const cases = [];
    let reportedTotal = 0;
    let reportedCorrect = 0;
    let granular = 0;
    for (const [key, b] of Object.entries(data['benchmarks'])) {
        if (!isObj(b)) {
            p.add(`$.benchmarks.${key}`, null, 'an object', b);
            continue;
        }
        const got = benchmarkCases(p, source, key, b);
        const byTask = got.cases.length > 0 && got.cases[0]?.id !== key;
        if (byTask)
            granular++;
        cases.push(...got.cases);
        reportedTotal += byTask && got.counts ? got.counts.total : got.cases.length;
        reportedCorrect += byTask && got.counts ? got.counts.correct : got.cases.filter((c) => c.completed).length;
    }
    p.check();
    const { model, max_depth, configuration, total_time } = data;
    const top = Object.fromEntries(Object.entries(data).filter(([k]) => !['benchmarks', 'model', 'max_depth', 'configuration', 'total_time'].includes(k)));
    const cfg = isObj(configuration) ? configuration : {};
    const summary = summaryOf({
        id: `${basename(source.file).replace(/\.json$/i, '')}${typeof model === 'string' ? ` ${model}` : ''}`,
        format: 'rlm-runner',
        cases,
        run: { model: typeof model === 'string' ? model : null, duration_seconds: typeof total_time === 'number' && total_time >= 0 ? total_time : null },
        metadata: { ...(typeof model === 'string' ? { model } : {}), ...(typeof max_depth === 'number' ? { max_depth } : {}), ...(typeof cfg['max_tasks'] === 'number' ? { max_tasks: cfg['max_tasks'] } : {}), 'rlm_runner.cases': granular > 0 ? 'tasks' : 'benchmarks' },
        extra: { ...top, configuration },
    });
    summary.reported = { ...summary.reported, total_cases: Math.max(reportedTotal, cases.length), completed_cases: reportedCorrect };
    return summary;
}

/**
 * promptfoo eval output (`promptfoo eval --output results.json`, versions 2 and 3): `results.results`
 * holds one result per test, prompt and provider. A file holds one run per provider: the provider
 * (its id or label) is chosen per side like a model (`--baseline-model` / `--candidate-model`). A
 * case is a test (its description, else `test-<index>`, and the prompt when there are several):
 * success is completion, score the reward, latency the duration, token usage the usage, cost kept
 * per case with the run's total when every result has one.
 */
const PROMPTFOO_SHAPE = 'promptfoo eval output: a JSON object with `evalId` and `results.results` (one result per test, prompt and provider)';
function resultsOf(data) {
    if (!isObj(data) || !isObj(data['results']))
        return null;
    const list = data['results']['results'];
    return Array.isArray(list) ? list : null;
}
function promptfooMismatch(source) {
    if (source.kind !== 'json')
        return `not a JSON document (${source.kind})`;
    const data = source.json();
    if (!isObj(data) || !('evalId' in data))
        return 'no `evalId`';
    return resultsOf(data) === null ? 'no `results.results` array' : null;
}
/** The provider of a result: its label when set, else its id. */
function providerOf(r) {
    const p = r['provider'];
    if (typeof p === 'string')
        return { id: p, label: null };
    if (isObj(p) && typeof p['id'] === 'string')
        return { id: p['id'], label: typeof p['label'] === 'string' && p['label'] !== '' ? p['label'] : null };
    return null;
}
function caseId(r, i, prompts) {
    const test = isObj(r['testCase']) ? r['testCase'] : {};
    const base = typeof test['description'] === 'string' && test['description'] !== '' ? test['description'] : `test-${typeof r['testIdx'] === 'number' ? r['testIdx'] : i}`;
    return prompts > 1 ? `${base} [prompt ${String(r['promptIdx'] ?? 0)}]` : base;
}
function toCase$4(p, place, r, id) {
    if (typeof r['success'] !== 'boolean')
        return (p.add(place, 'success', 'true or false', r['success']), null);
    const score = r['score'] === undefined ? (r['success'] ? 1 : 0) : numberField(p, place, 'score', r['score']);
    const latency = r['latencyMs'] === undefined || r['latencyMs'] === null ? null : numberField(p, place, 'latencyMs', r['latencyMs'], { min: 0 });
    const cost = r['cost'] === undefined || r['cost'] === null ? null : numberField(p, place, 'cost', r['cost'], { min: 0 });
    const response = isObj(r['response']) ? r['response'] : {};
    const tokens = isObj(response['tokenUsage']) ? response['tokenUsage'] : null;
    const count = (k) => (tokens === null || tokens[k] === undefined ? 0 : numberField(p, place, `response.tokenUsage.${k}`, tokens[k], { min: 0 }));
    const prompt = count('prompt');
    const completion = count('completion');
    if (score === undefined || latency === undefined || cost === undefined || prompt === undefined || completion === undefined)
        return null;
    const error = typeof r['error'] === 'string' && r['error'] !== '' ? r['error'] : null;
    const output = response['output'];
    const read = new Set(['response', 'success', 'score', 'latencyMs', 'cost', 'error', 'provider']);
    const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !read.has(k)));
    return caseOf({
        id, completed: r['success'], reward: score, duration_seconds: latency === null ? null : latency / 1000,
        usage: tokens === null ? null : { total_calls: 1, prompt_tokens: Math.round(prompt), completion_tokens: Math.round(completion), roles: null },
        error, final_response: typeof output === 'string' ? output : output === undefined || output === null ? null : JSON.stringify(output),
        extra: { ...rest, ...(cost === null ? {} : { cost_usd: cost }) },
    });
}
function fromPromptfoo(source, options) {
    const data = source.json();
    const list = resultsOf(data);
    if (list === null || !isObj(data))
        throw new InputError(`${source.file}: expected ${PROMPTFOO_SHAPE}`);
    const p = new Problems(source.file);
    const providers = new Map();
    const named = (pr) => pr.label ?? pr.id;
    list.forEach((r, i) => {
        const pr = isObj(r) ? providerOf(r) : null;
        if (pr === null)
            p.add(`$.results.results[${i}]`, 'provider', 'a provider id or {id, label}', isObj(r) ? r['provider'] : r);
        else
            providers.set(named(pr), (providers.get(named(pr)) ?? 0) + 1);
    });
    p.check();
    const chosen = options.model ?? (providers.size === 1 ? [...providers.keys()][0] : null);
    const listed = [...providers].map(([k, n]) => `${JSON.stringify(k)} (${n} results)`).join(', ');
    if (chosen === null)
        throw new InputError(`${source.file}: holds ${providers.size} providers: ${listed}; choose one per side with --baseline-model / --candidate-model (input.baseline_model / input.candidate_model)`);
    const mine = list.map((r, i) => ({ r: r, i })).filter(({ r }) => { const pr = providerOf(r); return pr !== null && (pr.id === chosen || pr.label === chosen); });
    if (mine.length === 0)
        throw new InputError(`${source.file}: no results of provider ${JSON.stringify(chosen)}; the file holds ${listed}`);
    const prompts = new Set(mine.map(({ r }) => r['promptIdx'] ?? 0)).size;
    const cases = [];
    const ids = [];
    for (const { r, i } of mine) {
        const place = `$.results.results[${i}]`;
        const c = toCase$4(p, place, r, caseId(r, i, prompts));
        if (c === null)
            continue;
        cases.push(c);
        ids.push({ id: c.id, place });
    }
    checkUniqueIds$1(p, ids);
    p.check();
    const costs = cases.map((c) => c.extra['cost_usd']);
    const metadata = { 'promptfoo.eval_id': String(data['evalId']) };
    if (costs.every((x) => typeof x === 'number'))
        metadata['cost_usd'] = costs.reduce((a, x) => a + x, 0);
    const results = data['results'];
    const without = (o, key) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
    const resultsRest = without(results, 'results');
    const top = without(data, 'results');
    return summaryOf({ id: `${String(data['evalId'] ?? stemOf(source.file))} ${chosen}`, format: 'promptfoo', cases, run: { model: chosen, started_at: typeof results['timestamp'] === 'string' ? results['timestamp'] : null }, metadata, extra: { ...top, results: resultsRest } });
}

/**
 * The multi-hop QA benchmarking suite's raw results (`hotpot_qa_results_<stamp>.jsonl`): one record
 * per model and example, with exact match, F1, LLM calls and time. A file holds one run per model:
 * the model is chosen per side (`--baseline-model` / `--candidate-model`, `input.baseline_model` /
 * `input.candidate_model`), and one file may serve both. Each example is a case: F1 is the reward,
 * exact match the completion, LLM calls the steps, time the duration. The file is streamed: only the
 * chosen model's records are kept.
 */
const F = {
    model: ['model', 'model_name'],
    id: ['example_id', 'question_id', 'id', '_id'],
    em: ['em', 'exact_match', 'EM'],
    f1: ['f1', 'f1_score', 'F1'],
    calls: ['llm_calls', 'calls', 'num_calls'],
    time: ['time', 'latency', 'elapsed', 'time_seconds'],
    prediction: ['prediction', 'predicted_answer', 'answer_pred'],
    gold: ['gold', 'gold_answer', 'answer'],
};
const MULTIHOP_SHAPE = 'multi-hop QA results: JSON Lines, one record per model and example with `model`, an example id, `em` (exact match) and `f1`';
function multihopMismatch(source) {
    if (source.kind !== 'jsonl')
        return `not JSON Lines (${source.kind})`;
    for (const { text } of source.lines()) {
        if (text.trim() === '')
            continue;
        let r;
        try {
            r = JSON.parse(text);
        }
        catch {
            return 'its first line is not JSON';
        }
        if (typeof r !== 'object' || r === null || Array.isArray(r))
            return 'its first line is not an object';
        const rec = r;
        return firstOf(rec, F.model) && firstOf(rec, F.em) && firstOf(rec, F.f1) ? null : 'the first record lacks a model, exact match or F1';
    }
    return 'no records';
}
function toCase$3(p, place, r) {
    const id = firstOf(r, F.id);
    if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number') || id.value === '')
        return (p.add(place, F.id[0], 'an example id (a string or number)', id?.value), null);
    const em = firstOf(r, F.em);
    const f1 = firstOf(r, F.f1);
    const emValue = em === undefined ? undefined : numberField(p, place, em.name, typeof em.value === 'boolean' ? Number(em.value) : em.value, { min: 0, max: 1 });
    const f1Value = f1 === undefined ? (p.add(place, F.f1[0], 'a number from 0 to 1', undefined), undefined) : numberField(p, place, f1.name, f1.value, { min: 0, max: 1 });
    if (em === undefined)
        p.add(place, F.em[0], 'exact match, 0 or 1', undefined);
    else if (emValue !== undefined && emValue !== 0 && emValue !== 1)
        p.add(place, em.name, 'exact match, 0 or 1', em.value);
    const calls = firstOf(r, F.calls);
    const callsValue = calls === undefined ? 0 : numberField(p, place, calls.name, calls.value, { min: 0 });
    const time = firstOf(r, F.time);
    const timeValue = time === undefined ? null : (numberField(p, place, time.name, time.value, { min: 0 }) ?? null);
    if (emValue === undefined || f1Value === undefined || callsValue === undefined)
        return null;
    const known = new Set([...F.model, ...F.id, ...F.em, ...F.f1, ...F.calls, ...F.time, ...F.prediction, ...F.gold]);
    const prediction = firstOf(r, F.prediction)?.value;
    return caseOf({
        id: String(id.value),
        completed: emValue === 1,
        reward: f1Value,
        steps: Math.round(callsValue),
        duration_seconds: timeValue,
        final_response: typeof prediction === 'string' ? prediction : prediction === undefined ? null : JSON.stringify(prediction),
        expected_answer: firstOf(r, F.gold)?.value ?? null,
        answer_match: emValue === 1,
        extra: Object.fromEntries(Object.entries(r).filter(([k]) => !known.has(k))),
    });
}
/** The models of the file with their record counts, in first-seen order. */
function describeModels(counts) {
    return [...counts].map(([m, n]) => `${JSON.stringify(m)} (${n} records)`).join(', ');
}
function fromMultihop(source, options) {
    const p = new Problems(source.file);
    const counts = new Map();
    const chosen = options.model ?? null;
    const cases = [];
    const ids = [];
    for (const { line, text } of source.lines()) {
        if (text.trim() === '')
            continue;
        const place = `line ${line}`;
        let r;
        try {
            r = JSON.parse(text);
        }
        catch (err) {
            p.note(`${place}: not valid JSON (${err.message})`);
            continue;
        }
        if (typeof r !== 'object' || r === null || Array.isArray(r)) {
            p.add(place, null, 'an object (one result)', r);
            continue;
        }
        const model = firstOf(r, F.model);
        if (model === undefined || typeof model.value !== 'string' || model.value === '') {
            p.add(place, F.model[0], 'the model name (a string)', model?.value);
            continue;
        }
        counts.set(model.value, (counts.get(model.value) ?? 0) + 1);
        if (chosen !== null && model.value !== chosen)
            continue;
        const c = toCase$3(p, place, r);
        if (c === null)
            continue;
        cases.push(c);
        ids.push({ id: c.id, place });
    }
    p.check();
    if (chosen === null && counts.size > 1)
        throw new InputError(`${source.file}: holds ${counts.size} models: ${describeModels(counts)}; choose one per side with --baseline-model / --candidate-model (input.baseline_model / input.candidate_model in the configuration)`);
    if (chosen !== null && !counts.has(chosen))
        throw new InputError(`${source.file}: no records of model ${JSON.stringify(chosen)}; the file holds ${describeModels(counts)}`);
    checkUniqueIds$1(p, ids);
    if (p.empty && cases.length === 0)
        p.note('no results');
    p.check();
    const model = chosen ?? [...counts.keys()][0] ?? null;
    return summaryOf({ id: `${stemOf(source.file)}${model === null ? '' : ` ${model}`}`, format: 'multihop-qa', cases, run: { model } });
}

/**
 * A small, strict XML reader for test reports (JUnit): elements, attributes in either quote, the five
 * predefined entities and numeric character references, CDATA, comments, processing instructions and
 * the XML declaration. A DOCTYPE is refused: benchgate defines no entities, so nothing can expand
 * (no "billion laughs"), and no external file is ever read. Errors give the line and column.
 */
class XmlError extends Error {
    name = 'XmlError';
}
const NAME = /[A-Za-z_:][\w.:-]*/y;
const ENTITIES = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
class Reader {
    text;
    pos = 0;
    constructor(text) {
        this.text = text;
    }
    where(at = this.pos) {
        const before = this.text.slice(0, at);
        const line = before.split('\n').length;
        return `line ${line}, column ${at - before.lastIndexOf('\n')}`;
    }
    line() {
        return this.text.slice(0, this.pos).split('\n').length;
    }
    fail(message, at = this.pos) {
        throw new XmlError(`${this.where(at)}: ${message}`);
    }
    startsWith(s) {
        return this.text.startsWith(s, this.pos);
    }
    skipSpace() {
        while (this.pos < this.text.length && /\s/.test(this.text[this.pos]))
            this.pos++;
    }
    name() {
        NAME.lastIndex = this.pos;
        const m = NAME.exec(this.text);
        if (!m)
            this.fail('expected a name');
        this.pos += m[0].length;
        return m[0];
    }
    until(end, what) {
        const at = this.text.indexOf(end, this.pos);
        if (at < 0)
            this.fail(`unclosed ${what}`);
        const out = this.text.slice(this.pos, at);
        this.pos = at + end.length;
        return out;
    }
    decode(raw, at) {
        return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (whole, ref) => {
            if (ref === undefined)
                this.fail('a bare "&" (write &amp;)', at);
            if (ref.startsWith('#')) {
                const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
                if (!(code > 0 && code <= 0x10ffff))
                    this.fail(`invalid character reference ${whole}`, at);
                return String.fromCodePoint(code);
            }
            const v = ENTITIES[ref];
            if (v === undefined)
                this.fail(`unknown entity ${whole} (only &lt; &gt; &amp; &apos; &quot; are defined)`, at);
            return v;
        });
    }
    /** Comments, processing instructions and (before the root) the declaration; refuses a DOCTYPE. */
    misc() {
        if (this.startsWith('<!--'))
            return (this.pos += 4, this.until('-->', 'comment'), true);
        if (this.startsWith('<?'))
            return (this.pos += 2, this.until('?>', 'processing instruction'), true);
        if (this.startsWith('<!DOCTYPE') || this.startsWith('<!doctype'))
            this.fail('a DOCTYPE is not accepted (no entities or external files are read)');
        return false;
    }
    attributes() {
        const out = {};
        for (;;) {
            this.skipSpace();
            if (this.startsWith('>') || this.startsWith('/>'))
                return out;
            const at = this.pos;
            const key = this.name();
            this.skipSpace();
            if (!this.startsWith('='))
                this.fail(`attribute ${key}: expected =`);
            this.pos++;
            this.skipSpace();
            const quote = this.text[this.pos];
            if (quote !== '"' && quote !== "'")
                this.fail(`attribute ${key}: expected a quoted value`);
            this.pos++;
            const raw = this.until(quote, `attribute ${key}`);
            if (raw.includes('<'))
                this.fail(`attribute ${key}: "<" in a value`, at);
            if (Object.hasOwn(out, key))
                this.fail(`attribute ${key} given twice`, at);
            out[key] = this.decode(raw, at);
        }
    }
    element(depth) {
        if (depth > 100)
            this.fail('elements nested over 100 deep');
        const line = this.line();
        this.pos++; // <
        const name = this.name();
        const el = { name, attributes: this.attributes(), children: [], text: '', line };
        if (this.startsWith('/>'))
            return (this.pos += 2, el);
        this.pos++; // >
        for (;;) {
            const at = this.pos;
            const next = this.text.indexOf('<', this.pos);
            if (next < 0)
                this.fail(`<${name}> is not closed`);
            el.text += this.decode(this.text.slice(this.pos, next), at);
            this.pos = next;
            if (this.startsWith('</')) {
                this.pos += 2;
                const close = this.name();
                if (close !== name)
                    this.fail(`</${close}> closes <${name}> (opened at line ${line})`, next);
                this.skipSpace();
                if (!this.startsWith('>'))
                    this.fail('expected >');
                this.pos++;
                return el;
            }
            if (this.startsWith('<![CDATA[')) {
                this.pos += 9;
                el.text += this.until(']]>', 'CDATA section');
            }
            else if (!this.misc())
                el.children.push(this.element(depth + 1));
        }
    }
}
/** The root element of an XML document. */
function parseXml(source) {
    const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
    const r = new Reader(text);
    for (;;) {
        r.skipSpace();
        if (!r.misc())
            break;
    }
    if (!r.startsWith('<'))
        r.fail('expected the root element');
    const root = r.element(0);
    for (;;) {
        r.skipSpace();
        if (r.pos >= text.length || !r.misc())
            break;
    }
    r.skipSpace();
    if (r.pos < text.length && text.slice(r.pos).trim() !== '')
        r.fail('content after the root element');
    return root;
}

/**
 * JUnit XML test reports (`<testsuites>` / `<testsuite>` / `<testcase>`), so any test suite can be a
 * benchmark: a test case is a case, passing is completion (reward 1, else 0), `time` its duration,
 * the failure or error message its error, the suite its task family. A skipped test did not pass: it
 * is not completed, and `extra.skipped` says why. The suites' own `tests`, `failures`, `errors` and
 * `skipped` counts are kept as the reported totals, so a report that contradicts its test cases is
 * caught (finding aggregate-mismatch).
 */
const JUNIT_SHAPE = 'a JUnit XML report: a <testsuites> or <testsuite> root with <testcase> elements';
const parsed = new WeakMap();
function rootOf(source) {
    let root = parsed.get(source);
    if (root === undefined) {
        try {
            root = parseXml(source.text());
        }
        catch (err) {
            if (err instanceof XmlError)
                throw new InputError(`${source.file}: not well-formed XML: ${err.message}`);
            throw err;
        }
        parsed.set(source, root);
    }
    return root;
}
function junitMismatch(source) {
    if (source.kind !== 'xml')
        return `not XML (${source.kind})`;
    const root = rootOf(source);
    return root.name === 'testsuites' || root.name === 'testsuite' ? null : `the root element is <${root.name}>`;
}
/** Every <testsuite> with its <testcase> children, nested suites included. */
function suites(el, out = []) {
    if (el.name === 'testsuite')
        out.push(el);
    for (const child of el.children)
        if (child.name === 'testsuite' || child.name === 'testsuites')
            suites(child, out);
    return out;
}
function toCase$2(p, suite, t) {
    const place = `line ${t.line}: <testcase>`;
    const name = t.attributes['name'];
    if (name === undefined || name === '')
        return (p.add(place, 'name', 'a non-empty test name', name), null);
    const time = t.attributes['time'] === undefined ? null : (numberField(p, place, 'time', t.attributes['time'], { min: 0, strings: true }) ?? null);
    const failed = t.children.find((c) => c.name === 'failure' || c.name === 'error');
    const skipped = t.children.find((c) => c.name === 'skipped');
    const message = failed ? (failed.attributes['message'] ?? failed.text.trim().split('\n')[0] ?? '').slice(0, 2000) || failed.name : null;
    const classname = t.attributes['classname'];
    const extra = { suite, ...(classname !== undefined ? { classname } : {}) };
    if (failed)
        extra['outcome'] = failed.name;
    if (skipped)
        extra['skipped'] = skipped.attributes['message'] ?? true;
    const completed = !failed && !skipped;
    return caseOf({
        id: `${classname || suite}.${name}`,
        completed,
        reward: completed ? 1 : 0,
        duration_seconds: time,
        error: message,
        labels: { environment: null, task_family: suite || null, domain: null, split: null, length_bucket: null },
        extra,
    });
}
/** The suites' own counts, when every suite gives them: tests and those that did not pass. */
function reportedCounts(list) {
    let tests = 0;
    let notPassed = 0;
    for (const s of list) {
        const n = (k) => Number(s.attributes[k] ?? '0');
        if (s.attributes['tests'] === undefined || [n('tests'), n('failures'), n('errors'), n('skipped')].some((x) => !Number.isInteger(x) || x < 0))
            return null;
        tests += n('tests');
        notPassed += n('failures') + n('errors') + n('skipped');
    }
    return { tests, notPassed };
}
function fromJunit(source) {
    const root = rootOf(source);
    if (root.name !== 'testsuites' && root.name !== 'testsuite')
        throw new InputError(`${source.file}: expected ${JUNIT_SHAPE}; the root element is <${root.name}>`);
    const p = new Problems(source.file);
    const list = suites(root);
    const cases = [];
    const ids = [];
    for (const s of list) {
        for (const t of s.children.filter((c) => c.name === 'testcase')) {
            const c = toCase$2(p, s.attributes['name'] ?? '', t);
            if (c !== null) {
                cases.push(c);
                ids.push({ id: c.id, place: `line ${t.line}` });
            }
        }
    }
    checkUniqueIds$1(p, ids);
    if (p.empty && cases.length === 0)
        p.note('no <testcase> elements');
    p.check();
    const summary = summaryOf({ id: root.attributes['name'] || stemOf(source.file), format: 'junit', cases, run: { duration_seconds: root.attributes['time'] !== undefined && Number(root.attributes['time']) >= 0 ? Number(root.attributes['time']) : null } });
    const counts = reportedCounts(list);
    if (counts !== null)
        summary.reported = { ...summary.reported, total_cases: counts.tests, completed_cases: counts.tests - counts.notPassed };
    return summary;
}

/** The names looked for when the configuration maps nothing, in order. */
const DEFAULTS = {
    id: ['id', 'case_id', 'name', 'test_id', 'example_id', 'task_id'],
    completed: ['completed', 'passed', 'success', 'pass', 'correct'],
    reward: ['reward', 'score'],
    steps: ['steps', 'turns'],
    calls: ['calls', 'llm_calls'],
    prompt_tokens: ['prompt_tokens', 'input_tokens'],
    completion_tokens: ['completion_tokens', 'output_tokens'],
    total_tokens: ['total_tokens', 'tokens'],
    cost: ['cost_usd', 'cost'],
    latency: ['latency_seconds', 'duration_seconds', 'latency', 'duration', 'time'],
    error: ['error'],
    cluster: ['cluster'],
    task_family: ['task_family'],
    environment: ['environment'],
    domain: ['domain'],
    split: ['split'],
    length_bucket: ['length_bucket'],
};
const LABELS$1 = ['environment', 'task_family', 'domain', 'split', 'length_bucket'];
const RECORDS_SHAPE = 'generic records: a JSON array of objects, JSON Lines, or an object with `records`, `items` or `cases`, each record with an id field (`id`, `case_id`, `name`, … or `input.fields.id`)';
function namesFor(key, fields) {
    const mapped = fields?.[key];
    return mapped !== undefined ? [mapped] : DEFAULTS[key];
}
/** The array of records of a parsed JSON document, and the path it is at; null when there is none. */
const recordArray = (data) => recordsAt(data, ['records', 'items', 'cases']);
/** Null when `source` reads as records (the first one has an id); else why not. */
function recordsMismatch(source, options = {}) {
    const ids = namesFor('id', options.fields);
    let first;
    if (source.kind === 'jsonl') {
        for (const { text } of source.lines()) {
            if (text.trim() === '')
                continue;
            try {
                first = JSON.parse(text);
            }
            catch {
                return 'its first line is not JSON';
            }
            break;
        }
    }
    else if (source.kind === 'json') {
        const found = recordArray(source.json());
        if (found === null)
            return 'no array of records (nor `records`, `items` or `cases`)';
        if (found.items.length === 0)
            return 'an empty array of records';
        first = found.items[0];
    }
    else
        return `not JSON or JSON Lines (${source.kind})`;
    if (!isObj(first))
        return 'the first record is not an object';
    return firstOf(first, ids) === undefined ? `the first record has no id field (looked for ${ids.map((n) => `"${n}"`).join(', ')})` : null;
}
/** Reads one record into a case; problems are collected in `p`. */
function toCase$1(p, place, r, fields) {
    const used = new Set();
    const get = (key) => {
        const hit = firstOf(r, namesFor(key, fields));
        if (hit)
            used.add(hit.name.split('.')[0]);
        return hit;
    };
    const id = get('id');
    if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number') || id.value === '') {
        p.add(place, id?.name ?? namesFor('id', fields)[0] ?? 'id', 'a non-empty string or number (the case id)', id?.value);
        return null;
    }
    const done = get('completed');
    const score = get('reward');
    const reward = score === undefined ? undefined : numberField(p, place, score.name, score.value);
    if (done === undefined && score === undefined) {
        p.note(`${place}: no completion field (${namesFor('completed', fields).map((n) => `"${n}"`).join(', ')}) and no reward field (${namesFor('reward', fields).map((n) => `"${n}"`).join(', ')}); map one with input.fields`);
        return null;
    }
    const completed = done === undefined ? (reward ?? 0) > 0 : flagField(p, place, done.name, done.value);
    const num = (key, min = 0) => {
        const hit = get(key);
        return hit === undefined || hit.value === null ? null : (numberField(p, place, hit.name, hit.value, { min }) ?? null);
    };
    const steps = num('steps');
    const calls = num('calls');
    const prompt = num('prompt_tokens');
    const completion = num('completion_tokens');
    const total = num('total_tokens');
    const cost = num('cost');
    const latency = num('latency');
    const error = get('error');
    const labels = {};
    for (const l of LABELS$1) {
        const hit = get(l) ?? (l === 'task_family' ? get('cluster') : undefined);
        labels[l] = hit === undefined || hit.value === null ? null : String(hit.value);
    }
    if (fields?.cluster !== undefined && fields.task_family !== undefined)
        p.note(`input.fields maps both "cluster" and "task_family"; map one (cluster is read as the task family)`);
    const extra = Object.fromEntries(Object.entries(r).filter(([k]) => !used.has(k)));
    if (cost !== null)
        extra['cost_usd'] = cost;
    if (total !== null && (prompt === null || completion === null))
        extra['total_tokens'] = total;
    return caseOf({
        id: String(id.value),
        completed: completed ?? false,
        reward: reward ?? (completed ? 1 : 0),
        steps: steps === null ? 0 : Math.round(steps),
        duration_seconds: latency,
        usage: prompt !== null && completion !== null ? { total_calls: calls === null ? 0 : Math.round(calls), prompt_tokens: Math.round(prompt), completion_tokens: Math.round(completion), roles: null } : null,
        error: error === undefined || error.value === null || error.value === '' ? null : typeof error.value === 'string' ? error.value : JSON.stringify(error.value),
        labels: labels,
        extra,
    });
}
/** The records of `source` with their places: JSON Lines streamed a line at a time. */
function* recordsOf(p, source) {
    if (source.kind === 'jsonl') {
        for (const { line, text } of source.lines()) {
            if (text.trim() === '')
                continue;
            try {
                yield { place: `line ${line}`, value: JSON.parse(text) };
            }
            catch (err) {
                p.note(`line ${line}: not valid JSON (${err.message})`);
            }
        }
        return;
    }
    const found = recordArray(source.json());
    if (found === null)
        return;
    for (let i = 0; i < found.items.length; i++)
        yield { place: `${found.at}[${i}]`, value: found.items[i] };
}
function fromRecords(source, options) {
    const p = new Problems(source.file);
    const cases = [];
    const ids = [];
    for (const { place, value } of recordsOf(p, source)) {
        if (!isObj(value)) {
            p.add(place, null, 'an object (one record)', value);
            continue;
        }
        const c = toCase$1(p, place, value, options.fields);
        if (c !== null) {
            cases.push(c);
            ids.push({ id: c.id, place });
        }
    }
    checkUniqueIds$1(p, ids);
    if (p.empty && cases.length === 0)
        p.note('no records');
    p.check();
    const costs = cases.map((c) => c.extra['cost_usd']);
    const container = source.kind === 'json' ? source.json() : null;
    const top = isObj(container) ? Object.fromEntries(Object.entries(container).filter(([k]) => k !== recordArray(container)?.at.slice(2))) : {};
    const metadata = costs.length > 0 && costs.every((x) => typeof x === 'number') ? { cost_usd: costs.reduce((a, x) => a + x, 0) } : {};
    return summaryOf({ id: stemOf(source.file), format: 'records', cases, metadata, extra: top });
}

/**
 * Zod field builders whose error messages read "expected …", so every adapter reports the same way.
 * rlm-code itself coerces (`float(x or 0)`, `bool("false") is True`); benchgate rejects instead.
 */
const str$1 = () => string$1({ error: 'expected a string' });
const nonEmptyStr = () => string$1({ error: 'expected a non-empty string' }).min(1, { error: 'expected a non-empty string' });
const bool = () => boolean({ error: 'expected a boolean (true or false)' });
const num$2 = () => number({ error: 'expected a finite number' });
const count$2 = () => int$2({ error: 'expected a whole number' })
    .nonnegative({ error: 'expected a whole number >= 0' });
const seconds = () => number({ error: 'expected a number of seconds' }).nonnegative({ error: 'expected a number of seconds >= 0' });
const nullableStr = () => string$1({ error: 'expected a string or null' }).nullable();
const nullableBool = () => boolean({ error: 'expected a boolean or null' }).nullable();

/**
 * Field tables: one declaration per field that yields both a zod schema (for exact, named error
 * messages) and a plain predicate that accepts exactly the same values. Validating a 100,000-row
 * summary with zod costs about half a second per file; the predicate does the same in a tenth of
 * that, and zod runs only on the rows the predicate refuses, to say what is wrong. A test checks the
 * two agree on every kind for a wide range of values.
 */
const Counts$1 = object({ total_calls: count$2(), prompt_tokens: count$2(), completion_tokens: count$2() });
const Usage = Counts$1.extend({ roles: record(string$1(), Counts$1).nullable().optional() });
function baseSchema(kind, nullable) {
    switch (kind) {
        case 'id':
            return nonEmptyStr();
        case 'bool':
            return nullable ? nullableBool() : bool();
        case 'count':
            return count$2();
        case 'number':
            return num$2();
        case 'seconds':
            return seconds();
        case 'string':
            return nullable ? nullableStr() : str$1();
        case 'usage':
            return Usage;
        case 'unknown':
            return unknown();
    }
}
/** The zod schema of one field. */
function fieldSchema(spec) {
    let schema = baseSchema(spec.kind, spec.nullable === true);
    if (spec.nullable && spec.kind !== 'bool' && spec.kind !== 'string')
        schema = schema.nullable();
    return spec.optional ? schema.optional() : schema;
}
/** A zod object shape for a table (pass to `z.object`). */
function tableShape(table) {
    return Object.fromEntries(Object.entries(table).map(([key, spec]) => [key, fieldSchema(spec)]));
}
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const isCounts = (v) => isRecord(v) && isCount(v['total_calls']) && isCount(v['prompt_tokens']) && isCount(v['completion_tokens']);
function isUsage(v) {
    if (!isCounts(v))
        return false;
    const roles = v['roles'];
    if (roles === undefined || roles === null)
        return true;
    if (!isRecord(roles))
        return false;
    for (const key in roles)
        if (!isCounts(roles[key]))
            return false;
    return true;
}
const BASE_CHECKS = {
    id: (v) => typeof v === 'string' && v.length > 0,
    bool: (v) => typeof v === 'boolean',
    count: isCount,
    number: (v) => typeof v === 'number' && Number.isFinite(v),
    seconds: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
    string: (v) => typeof v === 'string',
    usage: isUsage,
    unknown: () => true,
};
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
/** The test of each kind on a value that is neither undefined nor null, as {@link BASE_CHECKS} does it. */
const KIND_SOURCE = {
    id: "typeof v === 'string' && v.length > 0",
    bool: "typeof v === 'boolean'",
    count: 'isCount(v)',
    number: "typeof v === 'number' && Number.isFinite(v)",
    seconds: "typeof v === 'number' && Number.isFinite(v) && v >= 0",
    string: "typeof v === 'string'",
    usage: 'isUsage(v)',
    unknown: 'true',
};
/** {@link tableCheck} as generated code; the keys are written as JSON string literals. */
function compiledTableCheck(table) {
    const fields = Object.entries(table).map(([key, spec]) => {
        const missing = spec.optional === true ? 'false' : 'true';
        const nulled = spec.nullable === true || spec.kind === 'unknown' ? 'false' : 'true';
        return `v = row[${JSON.stringify(key)}];\n  if (v === undefined ? ${missing} : v === null ? ${nulled} : !(${KIND_SOURCE[spec.kind]})) return false;`;
    });
    const body = `return function check(row) {\n  if (!isRecord(row)) return false;\n  let v;\n  ${fields.join('\n  ')}\n  return true;\n};`;
    const make = new Function('isRecord', 'isCount', 'isUsage', body);
    return make(isRecord, isCount, isUsage);
}
/**
 * {@link tableCheck} as a loop. Fields are grouped by their spec so each loop calls one check
 * function for many keys (one closure per field from one call site is slower still).
 */
function interpretedTableCheck(table) {
    const groups = new Map();
    for (const [key, spec] of Object.entries(table)) {
        const id = `${spec.kind}|${spec.optional === true}|${spec.nullable === true}`;
        const group = groups.get(id) ?? { spec, base: BASE_CHECKS[spec.kind], keys: [] };
        group.keys.push(key);
        groups.set(id, group);
    }
    const plan = [...groups.values()].map((g) => ({
        keys: g.keys,
        base: g.base,
        optional: g.spec.optional === true,
        nullable: g.spec.nullable === true || g.spec.kind === 'unknown',
    }));
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

/**
 * The fields of an rlm-code summary that benchgate names, with their types: case rows of every mode
 * (native, harness, direct-llm, failure; see shared/reference/rlm-code-format.md) and the top level.
 */
const Counts = object({ total_calls: count$2(), prompt_tokens: count$2(), completion_tokens: count$2() });
const Latency = object({ avg: num$2(), p50: num$2(), p95: num$2(), p99: num$2(), max: num$2() });
const optStr = { kind: 'string', optional: true, nullable: true };
const optCount = { kind: 'count', optional: true };
/** Every field of a case row that benchgate names, of any mode (native, harness, direct-llm, failure). */
const ROW_FIELDS = {
    case_id: { kind: 'id' },
    completed: { kind: 'bool' },
    steps: { kind: 'count' },
    total_reward: { kind: 'number' },
    duration_seconds: { kind: 'seconds', optional: true, nullable: true },
    usage: { kind: 'usage', optional: true, nullable: true },
    error: optStr,
    mode: optStr,
    environment: optStr,
    description: optStr,
    task: optStr,
    started_at: optStr,
    finished_at: optStr,
    run_id: optStr,
    run_path: optStr,
    final_response: optStr,
    task_family: optStr,
    domain: optStr,
    split: optStr,
    length_bucket: optStr,
    expected_answer: { kind: 'unknown', optional: true },
    answer_match: { kind: 'bool', optional: true, nullable: true },
    mcp_enabled: { kind: 'bool', optional: true, nullable: true },
    mcp_server: optStr,
    harness_strategy: optStr,
    harness_tool_calls: optCount,
    mcp_tool_calls: optCount,
    codemode_chain_calls: optCount,
    codemode_search_calls: optCount,
    codemode_discovery_calls: optCount,
    codemode_guardrail_blocked: { kind: 'bool', optional: true },
};
/** Names exact problems; run only on rows {@link isValidRow} refuses. */
const RawCase = object(tableShape(ROW_FIELDS));
/** Accepts exactly what RawCase accepts, ten times faster (see field-kinds.ts). */
const isValidRow = tableCheck(ROW_FIELDS);
const ROW_KEYS = new Set(Object.keys(ROW_FIELDS));
const TOP_SHAPE = {
    benchmark_id: nonEmptyStr().nullable().optional(), // rlm-code: `benchmark_id or file stem`
    preset: nullableStr().optional(),
    mode: nullableStr().optional(),
    mcp_enabled: nullableBool().optional(),
    mcp_server: nullableStr().optional(),
    harness_strategy: nullableStr().optional(),
    model: nullableStr().optional(),
    source: nullableStr().optional(),
    description: nullableStr().optional(),
    pack_paths: array(str$1()).optional(),
    started_at: nullableStr().optional(),
    finished_at: nullableStr().optional(),
    duration_seconds: seconds().nullable().optional(),
    total_cases: count$2(),
    attempted_cases: count$2().optional(),
    completed_cases: count$2(),
    avg_reward: num$2(),
    avg_steps: num$2(),
    latency_seconds: Latency.optional(),
    usage_totals: Counts.optional(),
    cancelled: bool().optional(),
    case_results: array(unknown(), { error: 'expected an array of case rows' }),
};
const RawSummary = looseObject(TOP_SHAPE);
const TOP_KEYS = new Set(Object.keys(TOP_SHAPE));

/**
 * rlm-code benchmark summaries (`.rlm_code/rlm/benchmarks/<benchmark_id>.json`) to the canonical
 * summary. Covers native, harness, direct-llm and failure rows (see shared/reference/rlm-code-format.md)
 * and older hand-made summaries without `mode`, `attempted_cases`, `latency_seconds`, `usage_totals`
 * or `cancelled`.
 *
 * Stricter than rlm-code where rlm-code would pass broken data: `completed` must be a boolean (rlm-code
 * counts the string "false" as completed), numbers must be finite, case ids non-empty unique strings.
 */
/** True when `data` looks like an rlm-code summary (used by format detection). */
function isRlmCodeSummary(data) {
    return typeof data === 'object' && data !== null && !Array.isArray(data) && 'case_results' in data;
}
/** Why `data` is not an rlm-code summary, for detection errors. */
const RLM_CODE_SHAPE = 'an rlm-code summary: a JSON object with `case_results`, `total_cases`, `completed_cases`, `avg_reward`, `avg_steps`';
/**
 * Validates every row and hands the valid ones to `sink` at once, so zod's intermediate objects die
 * young (a 100,000-row file otherwise keeps 100,000 of them alive until the end, and the collector pays).
 */
function parseRows(file, rows, sink) {
    const problems = [];
    const locate = caseAwarePath({ case_results: rows }, 'case_results', 'case_id');
    let total = 0;
    for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
            total++;
            if (problems.length < MAX_LISTED_PROBLEMS)
                problems.push(`$.case_results[${i}]: expected a case object`);
            continue;
        }
        if (isValidRow(row)) {
            const raw = row;
            const kept = extraOf(raw, ROW_KEYS);
            const answer = raw['expected_answer'];
            if (kept !== NO_EXTRA || (answer != null && typeof answer !== 'string')) {
                assertFiniteValues(file, { ...kept, expected_answer: answer }, ['case_results', i], locate);
            }
            if (total === 0)
                sink(raw, kept);
            continue;
        }
        const parsed = RawCase.safeParse(row);
        if (parsed.success)
            throw new Error(`row ${i}: the fast row check and the schema disagree`);
        total += parsed.error.issues.length;
        const where = (p) => locate(['case_results', i, ...p]);
        problems.push(...formatIssues(parsed.error.issues, row, where).slice(0, MAX_LISTED_PROBLEMS));
    }
    if (total > 0)
        throwProblems(file, problems, total);
}
function isAscending(ids) {
    for (let i = 1; i < ids.length; i++)
        if (!(ids[i - 1] < ids[i]))
            return false;
    return true;
}
/** `sorted`: the ids are known to be strictly ascending. */
function checkUniqueIds(file, ids, sorted = false) {
    // Strictly ascending ids are unique: the common case needs no map.
    if (sorted || isAscending(ids))
        return;
    const seen = new Map();
    const dups = [];
    ids.forEach((id, i) => {
        const first = seen.get(id);
        if (first === undefined)
            seen.set(id, i);
        else
            dups.push(`case ${JSON.stringify(id)} appears at $.case_results[${first}] and [${i}]`);
    });
    if (dups.length > 0) {
        throwProblems(file, dups.map((d) => `duplicate case id: ${d}; expected each case_id once`), dups.length);
    }
}
/** The usage counters; per-role counters are kept as validated (the same objects, not copies). */
function toUsage(raw) {
    if (!raw)
        return null;
    return { total_calls: raw.total_calls, prompt_tokens: raw.prompt_tokens, completion_tokens: raw.completion_tokens, roles: raw.roles ?? null };
}
function toHarness(r) {
    const isHarness = r.mode === 'harness' || r.harness_tool_calls !== undefined || r.codemode_guardrail_blocked !== undefined;
    if (!isHarness)
        return null;
    return {
        mcp_enabled: r.mcp_enabled ?? null,
        mcp_server: r.mcp_server ?? null,
        harness_strategy: r.harness_strategy ?? null,
        harness_tool_calls: r.harness_tool_calls ?? 0,
        mcp_tool_calls: r.mcp_tool_calls ?? 0,
        codemode_chain_calls: r.codemode_chain_calls ?? 0,
        codemode_search_calls: r.codemode_search_calls ?? 0,
        codemode_discovery_calls: r.codemode_discovery_calls ?? 0,
        codemode_guardrail_blocked: r.codemode_guardrail_blocked ?? false,
    };
}
/** Shared by every row without unknown fields (most rows), so 100,000 rows do not allocate 100,000 empty objects. */
const NO_EXTRA = Object.freeze({});
function extraOf(raw, known) {
    let extra = null;
    for (const key in raw) {
        if (!known.has(key))
            (extra ??= {})[key] = raw[key];
    }
    return extra ?? NO_EXTRA;
}
function toCase(r, extra) {
    return {
        id: r.case_id,
        completed: r.completed,
        reward: r.total_reward,
        steps: r.steps,
        duration_seconds: r.duration_seconds ?? null,
        usage: toUsage(r.usage),
        error: r.error ?? null,
        mode: r.mode ?? null,
        labels: {
            environment: r.environment ?? null,
            task_family: r.task_family ?? null,
            domain: r.domain ?? null,
            split: r.split ?? null,
            length_bucket: r.length_bucket ?? null,
        },
        harness: toHarness(r),
        description: r.description ?? null,
        task: r.task ?? null,
        started_at: r.started_at ?? null,
        finished_at: r.finished_at ?? null,
        run_id: r.run_id ?? null,
        run_path: r.run_path ?? null,
        final_response: r.final_response ?? null,
        expected_answer: r.expected_answer ?? null,
        answer_match: r.answer_match ?? null,
        extra,
    };
}
function parseTop(file, data) {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new InputError(`${file}: expected ${RLM_CODE_SHAPE}`);
    }
    // zod would copy the whole row array to accept its items as unknown: check the rest, keep the rows.
    const rows = data['case_results'];
    const parsed = RawSummary.safeParse(Array.isArray(rows) ? { ...data, case_results: [] } : data);
    if (!parsed.success)
        throwProblems(file, formatIssues(parsed.error.issues, data));
    return { ...parsed.data, case_results: rows };
}
/** The file stem: rlm-code's id for a summary without `benchmark_id`. */
function fileStem(file) {
    const base = file.split(/[\\/]/).pop() ?? file;
    return base.replace(/\.json$/i, '') || base;
}
/** Everything but the cases; checks the unknown top-level fields. */
function headOf(file, top, data) {
    const topExtra = extraOf(data, TOP_KEYS);
    assertFiniteValues(file, topExtra, [], (p) => formatPath(p));
    return {
        schema: SUMMARY_SCHEMA,
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
            pack_paths: top.pack_paths ?? [],
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
            latency_seconds: top.latency_seconds ?? null,
            usage_totals: top.usage_totals ?? null,
        },
        metadata: {},
        extra: topExtra,
    };
}
/** Converts a parsed rlm-code summary read from `file` into the canonical summary. */
function fromRlmCode(file, data) {
    const top = parseTop(file, data);
    const cases = [];
    parseRows(file, top.case_results, (raw, extra) => cases.push(toCase(raw, extra)));
    checkUniqueIds(file, cases.map((c) => c.id));
    const { extra, ...head } = headOf(file, top, data);
    return { ...head, cases, extra };
}
/**
 * {@link fromRlmCode} straight into the packed form (same checks, same errors): each row is packed
 * as it is validated, so no case object outlives its row.
 */
function packRlmCode(file, data, keep) {
    const top = parseTop(file, data);
    const packer = new SummaryPacker(top.case_results.length, keep);
    parseRows(file, top.case_results, (raw, extra) => packer.add(toCase(raw, extra)));
    checkUniqueIds(file, packer.ids, packer.sortedIds);
    return packer.finish(headOf(file, top, data));
}

/**
 * The adapter registry: picks the format of an input file from its shape (or takes it as given) and
 * converts it to the canonical summary. One adapter per file; add new formats to {@link ADAPTERS}.
 */
/**
 * What a field mapping (`input.fields` in the configuration) may name: for record-shaped formats,
 * which field of a record holds the case id, its completion, reward and so on (dotted paths reach
 * into nested objects).
 */
const FIELD_MAPPING_KEYS = [
    'id', 'completed', 'reward', 'steps', 'calls', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cost', 'latency', 'error',
    'cluster', 'task_family', 'environment', 'domain', 'split', 'length_bucket',
];
/** A JSON-only adapter's mismatch: the kind must be JSON, then `detect` decides. */
function jsonMismatch(source, detect, why) {
    if (source.kind !== 'json')
        return `not a JSON document (${source.kind === 'jsonl' ? 'JSON Lines' : source.kind === 'xml' ? 'XML' : source.kind === 'empty' ? 'empty file' : source.kind === 'directory' ? 'a directory' : 'not JSON'})`;
    return detect(source.json()) ? null : why;
}
/** Tried in order by auto-detection: the first that matches wins. */
const ADAPTERS = [
    {
        name: 'benchgate', shape: BENCHGATE_SHAPE,
        mismatch: (s) => jsonMismatch(s, isBenchgateSummary, 'no `schema: "benchgate.summary/…"`'),
        convert: (s) => fromBenchgate(s.file, s.json()),
    },
    {
        name: 'rlm-code', shape: RLM_CODE_SHAPE,
        mismatch: (s) => jsonMismatch(s, isRlmCodeSummary, 'no `case_results`'),
        convert: (s) => fromRlmCode(s.file, s.json()),
        pack: (s, o) => packRlmCode(s.file, s.json(), o.keep),
    },
    { name: 'rle', shape: RLE_SHAPE, mismatch: rleMismatch, convert: fromRle },
    { name: 'rlm-runner', shape: RLM_RUNNER_SHAPE, mismatch: rlmRunnerMismatch, convert: fromRlmRunner },
    { name: 'promptfoo', shape: PROMPTFOO_SHAPE, mismatch: promptfooMismatch, convert: fromPromptfoo },
    { name: 'multihop-qa', shape: MULTIHOP_SHAPE, mismatch: multihopMismatch, convert: fromMultihop },
    { name: 'junit', shape: JUNIT_SHAPE, mismatch: junitMismatch, convert: fromJunit },
    { name: 'github-action-benchmark', shape: GAB_SHAPE, mismatch: gabMismatch, convert: gabUndirected },
    // The same files, with the direction chosen by name only (never detected).
    { name: 'github-action-benchmark-bigger', shape: GAB_SHAPE, mismatch: () => 'chosen by name only', convert: (s) => fromGab(s, false) },
    { name: 'github-action-benchmark-smaller', shape: GAB_SHAPE, mismatch: () => 'chosen by name only', convert: (s) => fromGab(s, true) },
    // Generic records come last: any array of objects with an id would match.
    { name: 'records', shape: RECORDS_SHAPE, mismatch: recordsMismatch, convert: fromRecords },
];
/** Input format names accepted by `--input-format`; `auto` detects from the file's shape. */
const INPUT_FORMATS = ['auto', ...ADAPTERS.map((a) => a.name)];
function optionsOf(options) {
    return typeof options === 'string' ? { format: options } : options;
}
/** The adapter for `source`: the one the options name, or the first that matches. */
function adapterFor(source, options) {
    const { format } = options;
    if (format !== 'auto') {
        const adapter = ADAPTERS.find((a) => a.name === format);
        if (!adapter)
            throw new InputError(`unknown input format ${JSON.stringify(format)}; expected one of ${INPUT_FORMATS.join(', ')}`);
        return adapter;
    }
    // A JSON syntax error is the answer for a file that starts like JSON: no format could read it.
    if (source.kind === 'json' || source.kind === 'empty')
        source.json();
    const why = [];
    for (const adapter of ADAPTERS) {
        const reason = adapter.mismatch(source, options);
        if (reason === null)
            return adapter;
        why.push(`  - ${adapter.name}: expected ${adapter.shape}; here: ${reason}`);
    }
    if (source.kind === 'directory')
        throw new InputError(`${source.file}: is a directory, expected a summary file (a directory is read only as an RLE run, one *_summary.json per scenario, and it holds none)`);
    throw new InputError(`${source.file}: not a benchmark summary benchgate can read. Formats tried:\n${why.join('\n')}\nGive --input-format (the action's \`format\` input) to force one and see exactly what does not fit.`);
}
/** Converts a source; the options force a format and carry what some formats need. */
function convertSource(source, options = 'auto') {
    const o = optionsOf(options);
    return adapterFor(source, o).convert(source, o);
}
/** Reads and converts a summary file. */
function loadSummary(file, options = 'auto') {
    return convertSource(fileSource(file), options);
}
/** A source straight into the packed form the comparison reads (schema/pack.ts): same checks and errors. */
function packSource(source, options) {
    const o = optionsOf(options);
    const adapter = adapterFor(source, o);
    return adapter.pack ? adapter.pack(source, o) : packSummary(adapter.convert(source, o), o.keep);
}
/**
 * Reads a summary file into the packed form. `content` is the file's bytes when another thread has
 * read them already.
 */
function loadPackedSummary(file, options = 'auto', content) {
    return packSource(fileSource(file, content), options);
}

/**
 * Loads the baseline and candidate summaries. Large pairs (by default over 16 MiB together) load at
 * the same time, straight into the packed form the comparison reads (see schema/pack.ts): the
 * candidate in a worker thread, which validates it fully and sends back its typed arrays, the
 * baseline in this thread (which also reads the candidate's bytes for the thread while it starts).
 * On a 2-core runner that nearly halves the time spent in JSON.parse, and no case objects are built
 * at all. Small pairs load one after the other, as full summaries, where a thread would cost more
 * than it saves.
 */
/** Total input size from which the two files load in parallel; `BENCHGATE_PARALLEL_MIN_BYTES` overrides. */
const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;
function parallelThreshold() {
    const raw = process.env['BENCHGATE_PARALLEL_MIN_BYTES'];
    const n = raw === undefined ? NaN : Number(raw);
    return Number.isFinite(n) && n >= 0 ? n : PARALLEL_MIN_BYTES;
}
function totalSize(files) {
    try {
        return files.reduce((sum, f) => sum + statSync(f).size, 0);
    }
    catch {
        return 0; // a missing file: load in-process, which reports it properly
    }
}
/** Starts loading `request` in a thread, which waits for {@link PendingLoad.hand}. */
function loadInWorker(script, request) {
    const worker = new Worker(script, { workerData: request });
    const result = new Promise((resolve, reject) => {
        worker.once('message', (reply) => {
            void worker.terminate();
            if (reply.ok)
                resolve(reply.packed);
            else
                reject(reply.userError ? new InputError(reply.message) : new Error(reply.message));
        });
        worker.once('error', reject);
        // After a reply this changes nothing; without one (the thread ran out of memory), it ends the wait.
        worker.once('exit', (code) => reject(new Error(`the loading thread for ${request.file} stopped (exit code ${code}) without a reply`)));
    });
    result.catch(() => undefined); // awaited by the caller, unless the other file failed first
    return {
        result,
        hand: (content) => {
            // A buffer of its own moves to the thread without a copy; one cut from Node's pool is copied.
            const own = content !== null && content.byteOffset === 0 && content.buffer.byteLength === content.length;
            worker.postMessage(content, own ? [content.buffer] : []);
        },
        cancel: () => void worker.terminate(),
    };
}
/** The bytes of `file`, or null when it cannot be read (the loading thread then reports why). */
function readBytes(file) {
    try {
        return readFileSync(file);
    }
    catch {
        return null;
    }
}
/**
 * Loads both summaries; `workerScript` is the module to run as the loading thread (the CLI bundle
 * itself), or null to always load in-process. Summaries of a large pair are backed by their packed
 * form: like any packed summary, their cases keep what the comparison reads and drop per-case text.
 */
async function loadPair(baseline, candidate, options, workerScript) {
    const [bOptions, cOptions] = typeof options === 'string' ? [{ format: options }, { format: options }] : 'baseline' in options ? [options.baseline, options.candidate] : [options, options];
    if (workerScript === null || totalSize([baseline, candidate]) < parallelThreshold()) {
        return [
            { path: baseline, summary: loadSummary(baseline, bOptions) },
            { path: candidate, summary: loadSummary(candidate, cOptions) },
        ];
    }
    // The candidate loads in a thread while this thread loads the baseline: two cores busy. The thread
    // takes tens of milliseconds to start, and ends last: reading its file here meanwhile evens out the work.
    const pending = loadInWorker(workerScript, { file: candidate, options: cOptions });
    let base;
    try {
        pending.hand(readBytes(candidate));
        base = loadPackedSummary(baseline, bOptions);
    }
    catch (err) {
        pending.cancel();
        throw err;
    }
    const cand = await pending.result;
    return [
        { path: baseline, summary: packedSummary(base) },
        { path: candidate, summary: packedSummary(cand) },
    ];
}
/** The body of a loading thread: load one file, reply with its packed summary or the error. */
function runLoadWorker() {
    const { file, options } = workerData;
    parentPort?.once('message', (content) => {
        let reply;
        try {
            const packed = loadPackedSummary(file, options, content ?? undefined);
            parentPort?.postMessage({ ok: true, packed }, transferables(packed));
            return;
        }
        catch (err) {
            reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
        }
        parentPort?.postMessage(reply);
    });
}

/** The case labels a cluster can be taken from. */
const CLUSTER_FIELDS = ['task_family', 'environment', 'domain', 'split', 'length_bucket'];
/** A field to cluster by (not auto or none): a label or a case field. */
const CLUSTER_FIELD_NAME = /^[^.\s][^\s]{0,127}$/;
/** Fewest groups `auto` clusters by: fewer make a cluster-level test too coarse to decide. */
const AUTO_MIN_CLUSTERS = 20;
/** Picks the clustering and says why, as a sentence of benchgate's own words. */
function chooseCluster(cases, choice) {
    if (choice === 'none')
        return { field: null, note: 'cases treated as independent (cluster: none)', drafts: [] };
    const groups = (f) => {
        const seen = new Set();
        for (const c of cases) {
            const v = c.labels[f] ?? null;
            if (v === null)
                return null;
            seen.add(v);
        }
        return seen.size;
    };
    if (choice !== 'auto') {
        const g = groups(choice);
        if (g === null)
            return { field: choice, note: `clustered by ${choice}; cases without one count as their own cluster`, drafts: [] };
        return { field: choice, note: `clustered by ${choice}`, drafts: [] };
    }
    for (const f of ['task_family', 'environment', 'domain']) {
        const g = groups(f);
        if (g === null || g < 2 || g >= cases.length)
            continue;
        if (g >= AUTO_MIN_CLUSTERS)
            return { field: f, note: `clustered by ${f} (auto)`, drafts: [] };
        return {
            field: null,
            note: `cases treated as independent: ${f} has only ${g} groups, too few to cluster by (auto needs ${AUTO_MIN_CLUSTERS})`,
            drafts: [{ code: 'too-few-clusters', side: null, message: `Cases carry ${g} ${f} groups, too few for cluster-robust tests (auto needs ${AUTO_MIN_CLUSTERS}), so cases are treated as independent; if cases of one ${f} fail together, the gates are too confident. To cluster anyway, set cluster to ${f} (--cluster ${f}).`, case_ids: [] }],
        };
    }
    return { field: null, note: 'cases treated as independent (no grouping on every case)', drafts: [] };
}
/** Unit index per case: one unit per case, or per cluster value (unlabeled cases alone). */
function unitsOf(cases, field) {
    const unitOf = new Int32Array(cases.length);
    if (field === null) {
        for (let i = 0; i < cases.length; i++)
            unitOf[i] = i;
        return { unitOf, count: cases.length };
    }
    const ids = new Map();
    let count = 0;
    cases.forEach((c, i) => {
        const v = c.labels[field] ?? null;
        if (v === null) {
            unitOf[i] = count++;
            return;
        }
        let u = ids.get(v);
        if (u === undefined)
            ids.set(v, (u = count++));
        unitOf[i] = u;
    });
    return { unitOf, count };
}

const LABELS = {
    mode: 'mode',
    harness_strategy: 'harness strategy',
    mcp_server: 'MCP server',
    model: 'model',
};
function valueOf$1(s, d) {
    if (d === 'mode')
        return s.run.mode ?? 'native'; // rlm-code's report default for old summaries
    if (d === 'model') {
        const m = s.run.model ?? s.metadata['model'];
        return m === undefined || m === null ? null : String(m);
    }
    return s.run[d];
}
function findDifferences(baseline, candidate) {
    return Object.keys(LABELS)
        .map((dimension) => ({ dimension, label: LABELS[dimension], baseline: valueOf$1(baseline, dimension), candidate: valueOf$1(candidate, dimension) }))
        .filter((d) => d.baseline !== d.candidate);
}
/** The `multiple-differences` finding, when more than one dimension differs. */
function differenceFindings(diffs) {
    if (diffs.length < 2)
        return [];
    const names = diffs.map((d) => d.label).join(', ');
    return [{ code: 'multiple-differences', side: null, message: `More than one thing differs between the runs (${names}): a change in the results cannot be attributed to one of them.`, case_ids: [] }];
}

const DEFAULT_REQUIRED_KEYS = ['scoring_version', 'dataset_hash', 'schema'];
/** Key names as the configuration may give them (they are shown in reports as they are). */
const KEY_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** A key's value in a summary, as text, or null when the summary does not say. */
function valueOf(s, key) {
    const run = s.run;
    const fromRun = {
        preset: run.preset,
        mode: run.mode,
        strategy: run.harness_strategy,
        harness_strategy: run.harness_strategy,
        mcp_server: run.mcp_server,
        model: run.model ?? undefined,
        schema: s.schema,
    };
    const direct = fromRun[key];
    if (direct !== undefined && direct !== null)
        return direct;
    const meta = s.metadata[key];
    return meta === undefined || meta === null ? null : String(meta);
}
function checkComparability(b, c, options = {}) {
    const compare = options.compare ?? null;
    const allow = new Set(options.allow ?? []);
    const keys = [...new Set([...DEFAULT_REQUIRED_KEYS, ...(options.require ?? [])])].filter((k) => k !== compare);
    const differing = [];
    for (const key of keys) {
        const baseline = valueOf(b, key);
        const candidate = valueOf(c, key);
        if (baseline !== candidate)
            differing.push({ key, baseline, candidate, allowed: allow.has(key) });
    }
    return { compare, keys, differing };
}

/**
 * Cost (issue 6): USD from the tokens a run used and a price table in the configuration (per model,
 * USD per million prompt and completion tokens), or from a cost the summary itself reports
 * (metadata `cost_usd`). The source is always said: `config`, `summary` or `unknown`; an unknown cost
 * is null, never 0, and a gate on it cannot pass.
 */
/** The price of a model: its exact name in the table (never an inherited key), else null. */
function priceFor(model, pricing) {
    return model !== null && Object.hasOwn(pricing, model) ? pricing[model] : null;
}
/** The price of a run's model. */
function priceOf(p, pricing) {
    return priceFor(p.head.run.model, pricing);
}
/** USD for prompt and completion tokens at a price per million. */
function tokensCost(prompt, completion, price) {
    return (prompt * price.prompt + completion * price.completion) / 1e6;
}
/** USD of one case at a price; null when the case records no usage. */
function caseCost(p, i, price) {
    if ((p.flags[i] & FLAG.usage) === 0)
        return null;
    const prompt = p.numbers[i * SLOTS + SLOT.promptTokens];
    const completion = p.numbers[i * SLOTS + SLOT.completionTokens];
    return tokensCost(prompt, completion, price);
}
function runCost(p, pricing) {
    const model = p.head.run.model;
    const price = priceOf(p, pricing);
    const cases = p.ids.length;
    if (price !== null) {
        let total = 0;
        let priced = 0;
        for (let i = 0; i < cases; i++) {
            const usd = caseCost(p, i, price);
            if (usd === null)
                continue;
            total += usd;
            priced++;
        }
        // A run no case of which records usage has no tokens to price: its cost is not $0 but unknown.
        if (priced > 0)
            return { model, source: 'config', price, total, per_case: total / cases };
    }
    const reported = p.head.metadata['cost_usd'];
    if (typeof reported === 'number' && Number.isFinite(reported) && reported >= 0) {
        return { model, source: 'summary', price: null, total: reported, per_case: cases === 0 ? null : reported / cases };
    }
    return { model, source: 'unknown', price: null, total: null, per_case: null };
}

/**
 * Integrity checks rlm-code does not make. rlm-code passes a candidate that skipped cases, a cancelled
 * run, two empty runs, runs of different presets and summaries whose totals contradict their rows;
 * each of those is a finding here. Findings of severity `error` hold the verdict unless the user
 * allows their code; the four rlm-code gate booleans are never changed by them.
 */
/** Every finding code, with its default severity. */
const FINDING_SEVERITY = {
    'empty-run': 'error',
    'incomplete-run': 'error',
    'cancelled-run': 'error',
    'command-failed': 'error',
    'aggregate-mismatch': 'error',
    'preset-mismatch': 'error',
    'not-comparable': 'error',
    'guardrail-rise': 'error',
    'policy-failure': 'error',
    'missing-cases': 'error',
    'new-cases': 'notice',
    'multiple-differences': 'warning',
    'case-errors': 'notice',
    'partial-trials': 'error',
    'too-few-clusters': 'warning',
    'shard-coverage': 'error',
};
const FINDING_CODES = Object.keys(FINDING_SEVERITY);
const plural$1 = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Tolerances for comparing rounded top-level averages with the rows (rlm-code rounds to 4 and 2 dp). */
const REWARD_TOLERANCE = 0.00005 + 1e-9;
const STEPS_TOLERANCE = 0.005 + 1e-9;
function runFindings(side, s, totals) {
    const out = [];
    const r = s.reported;
    const rows = totals.rows;
    const attempted = r.attempted_cases ?? rows;
    if (r.total_cases === 0 || rows === 0) {
        out.push({ code: 'empty-run', side, message: `The ${side} run has no cases (total_cases ${r.total_cases}, ${plural$1(rows, 'case row')}).`, case_ids: [] });
    }
    if (attempted < r.total_cases || rows < r.total_cases) {
        out.push({ code: 'incomplete-run', side, message: `The ${side} run attempted ${Math.min(attempted, rows)} of ${r.total_cases} planned cases.`, case_ids: [] });
    }
    if (s.run.cancelled === true) {
        out.push({ code: 'cancelled-run', side, message: `The ${side} run was cancelled (cancelled: true).`, case_ids: [] });
    }
    const failure = commandFailure(s.metadata);
    if (failure !== null) {
        out.push({ code: 'command-failed', side, message: `The ${side} suite command ${failure}; its summary may be partial.`, case_ids: [] });
    }
    const mismatches = aggregateMismatches(s, totals);
    if (mismatches.length > 0) {
        out.push({ code: 'aggregate-mismatch', side, message: `The ${side} summary's top-level totals disagree with its case rows: ${mismatches.join('; ')}.`, case_ids: [] });
    }
    const errored = [...totals.errored];
    if (errored.length > 0) {
        out.push({ code: 'case-errors', side, message: `${plural$1(errored.length, 'case')} of the ${side} run raised an error.`, case_ids: errored.sort() });
    }
    return out;
}
/**
 * How the suite command failed, from the metadata benchgate's run mode stamps (`command.timed_out`,
 * `command.exit_code`, `command.signal`), or null when it succeeded or the summary has no such stamp.
 * A run that failed with `allow-command-failure: true` was still uploaded; this keeps it from passing.
 */
function commandFailure(m) {
    if (m['command.timed_out'] === true)
        return 'timed out (command.timed_out: true)';
    if (m['command.budget_exceeded'] === true)
        return 'was stopped at its spend cap (command.budget_exceeded: true)';
    const code = m['command.exit_code'];
    if (typeof code === 'number' && code !== 0)
        return `exited with code ${code} (command.exit_code)`;
    if (code === null && typeof m['command.signal'] === 'string')
        return 'was killed by a signal (command.signal)';
    return null;
}
/**
 * The top-level fields that contradict the case rows, each as "field is X but the rows give Y".
 * `totals` are the rows' totals when the caller has them already.
 */
function aggregateMismatches(s, totals = runTotals(packedOf(s))) {
    const r = s.reported;
    const n = totals.rows;
    const out = [];
    if (r.attempted_cases !== null && r.attempted_cases !== n)
        out.push(`attempted_cases is ${r.attempted_cases} but there are ${n} case rows`);
    if (n > r.total_cases)
        out.push(`total_cases is ${r.total_cases} but there are ${n} case rows`);
    const completed = totals.completed;
    if (completed !== r.completed_cases)
        out.push(`completed_cases is ${r.completed_cases} but ${completed} rows are completed`);
    const reward = n ? totals.reward / n : 0;
    if (Math.abs(reward - r.avg_reward) > REWARD_TOLERANCE)
        out.push(`avg_reward is ${r.avg_reward} but the rows give ${round(reward, 4)}`);
    const steps = n ? totals.steps / n : 0;
    if (Math.abs(steps - r.avg_steps) > STEPS_TOLERANCE)
        out.push(`avg_steps is ${r.avg_steps} but the rows give ${round(steps, 2)}`);
    if (r.usage_totals) {
        for (const key of ['total_calls', 'prompt_tokens', 'completion_tokens']) {
            const sum = totals[key];
            if (sum !== r.usage_totals[key])
                out.push(`usage_totals.${key} is ${r.usage_totals[key]} but the rows sum to ${sum}`);
        }
    }
    return out;
}
function round(x, digits) {
    return Number(x.toFixed(digits));
}
function pairFindings(baseline, candidate, rows) {
    const out = [];
    const bp = baseline.run.preset;
    const cp = candidate.run.preset;
    if (bp !== null && cp !== null && bp !== cp) {
        out.push({ code: 'preset-mismatch', side: null, message: 'The runs used different presets: they are not comparable.', case_ids: [] });
    }
    const missing = rows.filter((r) => r.in_baseline && !r.in_candidate).map((r) => r.case_id);
    if (missing.length > 0) {
        out.push({ code: 'missing-cases', side: 'candidate', message: `${plural$1(missing.length, 'baseline case')} ${missing.length === 1 ? 'is' : 'are'} missing from the candidate run.`, case_ids: missing });
    }
    const added = rows.filter((r) => !r.in_baseline && r.in_candidate).map((r) => r.case_id);
    if (added.length > 0) {
        out.push({ code: 'new-cases', side: 'candidate', message: `The candidate run has ${plural$1(added.length, 'case')} the baseline does not (not compared).`, case_ids: added });
    }
    return out;
}
/**
 * All findings of a comparison, in a stable order: baseline, candidate, then the pair. `totals` are
 * the two runs' row totals when the caller has them already.
 */
function collectFindings(baseline, candidate, rows, extra, allowed, totals = { baseline: runTotals(packedOf(baseline)), candidate: runTotals(packedOf(candidate)) }) {
    const drafts = [
        ...runFindings('baseline', baseline, totals.baseline),
        ...runFindings('candidate', candidate, totals.candidate),
        ...pairFindings(baseline, candidate, rows),
        ...extra,
    ];
    return drafts.map((d) => {
        const severity = FINDING_SEVERITY[d.code];
        return { code: d.code, severity, blocking: severity === 'error' && !allowed.has(d.code), side: d.side, message: d.message, case_ids: d.case_ids };
    });
}

/**
 * The few numeric pieces the significance tests need: the standard normal quantile and a seeded
 * pseudo-random bit source. Pure and deterministic.
 */
/**
 * The standard normal quantile (inverse CDF), by Acklam's rational approximation: relative error
 * below 1.15e-9 over (0, 1), far finer than the sizing statements it serves.
 */
function normalQuantile(p) {
    if (!(p > 0 && p < 1)) {
        if (p === 0)
            return -Infinity;
        if (p === 1)
            return Infinity;
        throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
    }
    const a = [-39.69683028665376, 2.209460984245205e2, -275.9285104469687, 1.38357751867269e2, -30.66479806614716, 2.506628277459239];
    const b = [-54.47609879822406, 1.615858368580409e2, -155.6989798598866, 6.680131188771972e1, -13.28068155288572];
    const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
    const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
    const low = 0.02425;
    let x;
    if (p < low) {
        const q = Math.sqrt(-2 * Math.log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    else if (p <= 1 - low) {
        const q = p - 0.5;
        const r = q * q;
        x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    else {
        const q = Math.sqrt(-2 * Math.log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    return x;
}
/**
 * A seeded 32-bit generator (mulberry32): the same seed gives the same stream on every machine, so
 * a resampling test gives the same answer for the same input.
 */
function bitSource(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return (t ^ (t >>> 14)) >>> 0;
    };
}

/**
 * Paired sign-flip randomization: for each sign pattern (which units swap sides), the sums of the
 * flipped units. Every pattern is enumerated when there are at most 2^14, else a seeded sample is
 * drawn (pattern 0 is always the identity: the observed data). The mean of a flipped set is the
 * pivot the tests and their confidence bounds are read from (significance.ts).
 */
const EXACT_MAX_UNITS = 14;
const SIGN_FLIP_SEED = 0x5eed2024;
function signPatterns(unitSize, unitSums, resamples) {
    const G = unitSize.length;
    const exact = G <= EXACT_MAX_UNITS;
    const count = exact ? 2 ** G : resamples + 1;
    const flippedSize = new Float64Array(count);
    const flippedSum = unitSums.map(() => new Float64Array(count));
    const next = bitSource(SIGN_FLIP_SEED);
    const words = Math.ceil(G / 32);
    const mask = new Uint32Array(words);
    // Pattern 0 is the identity (nothing flipped) in both methods: the observed data count as one draw.
    const gates = unitSums.length;
    for (let p = 1; p < count; p++) {
        if (exact)
            mask[0] = p;
        else
            for (let w = 0; w < words; w++)
                mask[w] = next();
        let size = 0;
        for (let u = 0; u < G; u++) {
            if (((mask[u >>> 5] >>> (u & 31)) & 1) === 0)
                continue;
            size += unitSize[u];
            for (let g = 0; g < gates; g++)
                flippedSum[g][p] += unitSums[g][u];
        }
        flippedSize[p] = size;
    }
    return { method: exact ? 'exact' : 'sampled', count, flippedSize, flippedSum };
}
/** Resamples by suite size: about 5·10^7 unit visits per gate at most, between 1,999 and 9,999. */
function defaultResamples(units) {
    return Math.max(1999, Math.min(9999, Math.floor(5e7 / Math.max(1, units))));
}
/** The mean of each flipped set, ascending: the randomization distribution, inverted into bounds. */
function flippedMeans(ps, g) {
    const out = new Float64Array(ps.count - 1);
    const sums = ps.flippedSum[g];
    for (let p = 1; p < ps.count; p++)
        out[p - 1] = sums[p] / ps.flippedSize[p];
    return out.sort();
}
/** #{means ≤ x} in a sorted array. */
function countAtMost(sorted, x) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
/** #{means ≥ x} in a sorted array. */
function countAtLeast(sorted, x) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return sorted.length - lo;
}
/**
 * The paired sign-flip test of "the candidate is worse by at most `allowance` on average", from the
 * per-case amounts by which it is worse: fail when the data show more (one-sided, level alpha), pass
 * when they show at most that, else inconclusive. With no spread the mean is known and decides.
 */
function worseByTest(worse, allowance, alpha) {
    if (worse.every((w) => w === worse[0])) {
        const ok = (worse[0] ?? 0) <= allowance;
        return { status: ok ? 'pass' : 'fail', p_violated: ok ? 1 : 0, p_holds: ok ? 0 : 1 };
    }
    const ps = signPatterns(new Float64Array(worse.length).fill(1), [Float64Array.from(worse)], defaultResamples(worse.length));
    const sorted = flippedMeans(ps, 0);
    const p_violated = (1 + countAtMost(sorted, allowance)) / ps.count;
    const p_holds = (1 + countAtLeast(sorted, allowance)) / ps.count;
    return { status: p_violated <= alpha ? 'fail' : p_holds <= alpha ? 'pass' : 'inconclusive', p_violated, p_holds };
}

/**
 * The user's own gates on any built-in metric (issue 6): per-case means (calls, tokens, latency,
 * harness counters), run-level figures (latency percentiles, error and guardrail counts, run
 * duration). Each gate has a direction, a tolerance (absolute, or relative to the baseline as "10%")
 * and a level: required gates decide the verdict, advisory gates are shown and never block.
 *
 * Under `point` a gate compares the two runs' values. Under `significant` a per-case metric is
 * judged on the paired per-case differences by the same sign-flip test as the core gates (pass,
 * fail or undecided at the confidence level); a run-level figure has no per-case pairing and is
 * judged on its values, which the report says.
 */
const TOKENS = (p, i) => p.numbers[i * SLOTS + SLOT.promptTokens] + p.numbers[i * SLOTS + SLOT.completionTokens];
/** Per-case metrics: the mean over the cases that record them; lower is better for all. */
const PER_CASE = {
    calls: { slot: SLOT.totalCalls, needs: FLAG.usage },
    prompt_tokens: { slot: SLOT.promptTokens, needs: FLAG.usage },
    completion_tokens: { slot: SLOT.completionTokens, needs: FLAG.usage },
    total_tokens: { slot: TOKENS, needs: FLAG.usage },
    latency_avg: { slot: SLOT.duration, needs: FLAG.duration },
    harness_tool_calls: { slot: SLOT.harnessToolCalls, needs: FLAG.harness },
    mcp_tool_calls: { slot: SLOT.mcpToolCalls, needs: FLAG.harness },
    codemode_chain_calls: { slot: SLOT.chainCalls, needs: FLAG.harness },
    codemode_search_calls: { slot: SLOT.searchCalls, needs: FLAG.harness },
    codemode_discovery_calls: { slot: SLOT.discoveryCalls, needs: FLAG.harness },
};
/** Run-level figures: one value per run. */
const RUN_LEVEL = {
    latency_p50: (u) => u.latency_seconds?.p50 ?? null,
    latency_p95: (u) => u.latency_seconds?.p95 ?? null,
    latency_p99: (u) => u.latency_seconds?.p99 ?? null,
    latency_max: (u) => u.latency_seconds?.max ?? null,
    error_count: (u) => u.errors,
    guardrail_blocked: (u) => u.guardrail_blocked,
    run_duration: (_u, p) => p.head.run.duration_seconds,
};
/** Cost metrics: per-case mean USD (paired when both runs are priced by the configuration) and the run's total. */
const COST = ['cost', 'run_cost'];
const METRICS = [...Object.keys(PER_CASE), ...Object.keys(RUN_LEVEL), ...COST];
const GATE_LEVELS = ['required', 'advisory'];
function perCaseValues(p, spec) {
    const out = new Map();
    p.ids.forEach((id, i) => {
        if ((p.flags[i] & spec.needs) === 0)
            return;
        out.set(id, typeof spec.slot === 'number' ? p.numbers[i * SLOTS + spec.slot] : spec.slot(p, i));
    });
    return out;
}
const mean = (xs) => {
    let s = 0;
    let n = 0;
    for (const x of xs) {
        s += x;
        n++;
    }
    return n === 0 ? null : s / n;
};
/** The allowance in the metric's unit: a number as is, "N%" of the baseline value. */
function allowanceOf(tolerance, baseline) {
    if (typeof tolerance === 'number')
        return tolerance;
    const pct = Number(tolerance.replace(/%$/, ''));
    return baseline === null ? null : (Math.abs(baseline) * pct) / 100;
}
/** The paired test of "worse by at most the allowance" over the cases both runs record. */
function pairedTest(b, c, higher, allowance, alpha) {
    const worse = [];
    for (const [id, x] of b) {
        const y = c.get(id);
        if (y !== undefined)
            worse.push(higher ? x - y : y - x);
    }
    if (worse.length === 0)
        return { status: 'inconclusive', p_violated: 1, p_holds: 1 };
    return worseByTest(worse, allowance, alpha);
}
/** Per-case USD at the configuration's price of the run's model; null when it has no price there. */
function costValues(p, pricing) {
    const price = priceOf(p, pricing);
    if (price === null)
        return null;
    const out = new Map();
    p.ids.forEach((id, i) => {
        const usd = caseCost(p, i, price);
        if (usd !== null)
            out.set(id, usd);
    });
    return out;
}
/** A case field's values: the cases that record a number there (the field was kept when packing). */
function fieldValues(p, field) {
    const column = Object.hasOwn(p.fields.numbers, field) ? p.fields.numbers[field] : undefined;
    if (column === undefined)
        throw new Error(`${p.head.id}: case field ${field} was not kept when packing`);
    const out = new Map();
    p.ids.forEach((id, i) => {
        const v = column[i];
        if (!Number.isNaN(v))
            out.set(id, v);
    });
    return out;
}
/** A metric's per-case values (null: run-level or unknown) and run value for one run. */
function metricOf(spec, p, u, pricing) {
    if (spec.field !== undefined) {
        const values = fieldValues(p, spec.field);
        return { values, value: mean(values.values()) };
    }
    const metric = spec.metric ?? '';
    const perCase = PER_CASE[metric];
    if (perCase) {
        const values = perCaseValues(p, perCase);
        return { values, value: mean(values.values()) };
    }
    if (metric === 'cost') {
        const values = costValues(p, pricing);
        return { values, value: values === null ? runCost(p, pricing).per_case : mean(values.values()) };
    }
    if (metric === 'run_cost')
        return { values: null, value: runCost(p, pricing).total };
    const run = RUN_LEVEL[metric];
    return { values: null, value: run ? run(u, p) : null };
}
function evaluateMetricGates(b, c, specs, policy, alpha, pricing = {}) {
    const ub = usageFromTotals(runTotals(b));
    const uc = usageFromTotals(runTotals(c));
    return specs.map((spec) => {
        const direction = spec.direction ?? 'lower';
        const level = spec.level ?? 'required';
        const tolerance = spec.tolerance ?? 0;
        const mb = metricOf(spec, b, ub, pricing);
        const mc = metricOf(spec, c, uc, pricing);
        const vb = mb.values;
        const vc = mc.values;
        const baseline = mb.value;
        const candidate = mc.value;
        const allowance = allowanceOf(tolerance, baseline);
        const base = { metric: spec.field ?? spec.metric ?? '', field: spec.field !== undefined, direction, level, tolerance: String(tolerance), allowance, baseline, candidate, change: baseline !== null && candidate !== null ? candidate - baseline : null };
        if (baseline === null || candidate === null || allowance === null)
            return { ...base, status: 'inconclusive', basis: 'unknown', p_violated: null, p_holds: null };
        if (policy === 'significant' && vb && vc) {
            return { ...base, ...pairedTest(vb, vc, direction === 'higher', allowance, alpha), basis: 'paired' };
        }
        const worseBy = direction === 'higher' ? baseline - candidate : candidate - baseline;
        return { ...base, status: worseBy <= allowance ? 'pass' : 'fail', basis: 'point', p_violated: null, p_holds: null };
    });
}

/**
 * Pairs the cases of two runs by id and derives rlm-code's per-case report rows and case summary.
 */
/**
 * Orders strings by Unicode code point, as Python's `sorted` does (rlm-code sorts case ids that way).
 * JavaScript's default order compares UTF-16 units, which puts U+10000 and above before U+E000–U+FFFF.
 */
function compareCodePoints(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
        const x = a.charCodeAt(i);
        const y = b.charCodeAt(i);
        if (x !== y)
            return codeUnitRank(x) - codeUnitRank(y);
    }
    return a.length - b.length;
}
function codeUnitRank(c) {
    if (c >= 0xd800 && c <= 0xdfff)
        return c + 0x2000; // surrogates: code points >= U+10000 sort last
    if (c >= 0xe000)
        return c - 0x800;
    return c;
}
/** The report rows of two runs: every case id of either, sorted by code point (rlm-code's report order). */
function pairRows(baseline, candidate) {
    const rows = [];
    // Runs of one preset usually list the same ids in the same order: pair them by position, and
    // when that order is sorted already (known from packing), without building anything else.
    const same = sameIds(baseline.ids, candidate.ids);
    if (same && baseline.sortedIds) {
        baseline.ids.forEach((id, i) => rows.push(caseRow(id, baseline, i, candidate, i)));
        return rows;
    }
    const matches = same ? baseline.ids.map((id, i) => ({ id, b: i, c: i })) : matchById(baseline.ids, candidate.ids);
    for (const m of sortById(matches))
        rows.push(caseRow(m.id, baseline, m.b, candidate, m.c));
    return rows;
}
function sameIds(b, c) {
    if (b.length !== c.length)
        return false;
    for (let i = 0; i < b.length; i++)
        if (b[i] !== c[i])
            return false;
    return true;
}
function matchById(b, c) {
    const matches = new Map();
    b.forEach((id, i) => matches.set(id, { id, b: i, c: -1 }));
    c.forEach((id, i) => {
        const m = matches.get(id);
        if (m)
            m.c = i;
        else
            matches.set(id, { id, b: -1, c: i });
    });
    return [...matches.values()];
}
function sortById(matches) {
    let sorted = true;
    for (let i = 1; i < matches.length && sorted; i++)
        sorted = compareCodePoints(matches[i - 1].id, matches[i].id) <= 0;
    if (sorted)
        return matches;
    // UTF-16 order equals code-point order unless an id holds a unit from U+D800 up; the built-in
    // comparison is then much faster on 100,000 ids.
    if (WIDE.test(matches.map((m) => m.id).join('')))
        return matches.sort((a, b) => compareCodePoints(a.id, b.id));
    return matches.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
const WIDE = /[\ud800-\uffff]/;
/**
 * The report row of one case; `bi`/`ci` index its row on each side, -1 where absent. A side that
 * lacks the case contributes completed=false, reward 0 and steps 0, as rlm-code's report does.
 */
function caseRow(id, b, bi, c, ci) {
    const inB = bi >= 0;
    const inC = ci >= 0;
    const bf = inB ? b.flags[bi] : 0;
    const cf = inC ? c.flags[ci] : 0;
    const baselineReward = inB ? b.numbers[bi * SLOTS + SLOT.reward] : 0;
    const candidateReward = inC ? c.numbers[ci * SLOTS + SLOT.reward] : 0;
    const baselineSteps = inB ? b.numbers[bi * SLOTS + SLOT.steps] : 0;
    const candidateSteps = inC ? c.numbers[ci * SLOTS + SLOT.steps] : 0;
    const both = inB && inC;
    return {
        case_id: id,
        in_baseline: inB,
        in_candidate: inC,
        baseline_completed: (bf & FLAG.completed) !== 0,
        candidate_completed: (cf & FLAG.completed) !== 0,
        baseline_reward: baselineReward,
        candidate_reward: candidateReward,
        reward_delta: candidateReward - baselineReward,
        baseline_steps: baselineSteps,
        candidate_steps: candidateSteps,
        steps_delta: candidateSteps - baselineSteps,
        completion_regression: both && (bf & FLAG.completed) !== 0 && (cf & FLAG.completed) === 0,
        reward_regression: both && candidateReward < baselineReward,
        baseline_error: inB ? (b.errors[bi] ?? null) : null,
        candidate_error: inC ? (c.errors[ci] ?? null) : null,
        baseline_guardrail_blocked: (bf & FLAG.guardrail) !== 0,
        candidate_guardrail_blocked: (cf & FLAG.guardrail) !== 0,
    };
}
/** Counts common cases and regressions over the rows, as rlm-code does (one-sided cases ignored). */
function summarizeCases(rows) {
    let common = 0;
    let completion = 0;
    let reward = 0;
    for (const r of rows) {
        if (!r.in_baseline || !r.in_candidate)
            continue;
        common++;
        if (r.completion_regression)
            completion++;
        if (r.reward_regression)
            reward++;
    }
    return { common_cases: common, completion_regressions: completion, reward_regressions: reward };
}

/**
 * Safety (issue 6): the CodeMode guardrail-blocked count must not rise, and cases whose errors match
 * the configuration's policy patterns are policy failures. A policy failure is "explained" only by an
 * entry in the configuration (case id and reason), which the report shows; an unexplained one holds.
 */
function failures(side, p, patterns, explained) {
    const out = [];
    for (const [index, error] of Object.entries(p.errors)) {
        const match = patterns.find((x) => x.re.test(error));
        if (!match)
            continue;
        const id = p.ids[Number(index)];
        out.push({ case_id: id, side, error, pattern: match.source, explained: explained.get(id) ?? null });
    }
    return out;
}
/** The ids of a run's cases the guardrail blocked. */
function blockedIds(p) {
    const out = new Set();
    p.ids.forEach((id, i) => {
        if ((p.flags[i] & FLAG.guardrail) !== 0)
            out.add(id);
    });
    return out;
}
function checkSafety(b, c, options = {}) {
    const bb = blockedIds(b);
    const cb = blockedIds(c);
    const blocked = { baseline: bb.size, candidate: cb.size };
    const patterns = (options.policy_patterns ?? []).map((source) => ({ source, re: new RegExp(source, 'i') }));
    const explained = new Map((options.explained ?? []).map((e) => [e.case, e.reason]));
    const policy_failures = [...failures('baseline', b, patterns, explained), ...failures('candidate', c, patterns, explained)].sort((x, y) => compareCodePoints(x.case_id, y.case_id) || x.side.localeCompare(y.side));
    const drafts = [];
    if (blocked.candidate > blocked.baseline) {
        const newly = [...cb].filter((id) => !bb.has(id)).sort(compareCodePoints);
        drafts.push({ code: 'guardrail-rise', side: 'candidate', message: `The CodeMode guardrail blocked ${blocked.candidate} candidate ${blocked.candidate === 1 ? 'case' : 'cases'} against ${blocked.baseline} of the baseline: the count must not rise.`, case_ids: newly });
    }
    const unexplained = [...new Set(policy_failures.filter((f) => f.side === 'candidate' && f.explained === null).map((f) => f.case_id))];
    if (unexplained.length > 0) {
        drafts.push({ code: 'policy-failure', side: 'candidate', message: `${unexplained.length} candidate ${unexplained.length === 1 ? 'case fails' : 'cases fail'} with an error matching a policy pattern and no explanation in the configuration.`, case_ids: unexplained });
    }
    return { safety: { guardrail_blocked: blocked, policy_failures }, drafts };
}

/**
 * Slice gates (issue 6): a core metric judged within each group of a case label, so "no task family
 * loses more than 10 points of completion" can be said. Groups smaller than the minimum size are
 * shown and not judged. Under `point` a group compares its two means; under `significant` its paired
 * per-case differences go through the same sign-flip test as the core gates.
 */
const SLICE_METRICS = ['completion_rate', 'reward', 'steps'];
const DEFAULT_MIN_SLICE = 5;
const value$2 = (metric, e) => (metric === 'reward' ? e.reward : metric === 'steps' ? e.steps : e.successes / e.trials);
function evaluateSlices(cases, specs, policy, alpha) {
    const out = [];
    for (const spec of specs) {
        const groups = new Map();
        for (const c of cases) {
            const key = c.labels[spec.by] ?? null;
            const group = groups.get(key);
            if (group === undefined)
                groups.set(key, [c]);
            else
                group.push(c);
        }
        const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
        for (const group of keys) {
            const members = groups.get(group);
            const higher = spec.metric !== 'steps';
            const b = members.reduce((s, c) => s + value$2(spec.metric, c.baseline), 0) / members.length;
            const c = members.reduce((s, x) => s + value$2(spec.metric, x.candidate), 0) / members.length;
            const allowance = allowanceOf(spec.tolerance ?? 0, b); // never null: the baseline mean is known
            const judged = members.length >= (spec.min_cases ?? DEFAULT_MIN_SLICE);
            const worseBy = (x) => (higher ? value$2(spec.metric, x.baseline) - value$2(spec.metric, x.candidate) : value$2(spec.metric, x.candidate) - value$2(spec.metric, x.baseline));
            let status = 'pass';
            if (judged)
                status = policy === 'significant' ? worseByTest(members.map(worseBy), allowance, alpha).status : (higher ? b - c : c - b) <= allowance ? 'pass' : 'fail';
            out.push({ by: spec.by, metric: spec.metric, group, level: spec.level ?? 'required', cases: members.length, baseline: b, candidate: c, change: c - b, allowance, status, judged, basis: policy === 'significant' ? 'paired' : 'point' });
        }
    }
    return out;
}

const GATE_NAMES = ['reward', 'completion', 'steps', 'completion_regressions'];
/** rlm-code's `_benchmark_metrics`. */
function runMetrics(summary) {
    const { total_cases: total, completed_cases: completed, avg_reward, avg_steps } = summary.reported;
    return {
        avg_reward,
        completion_rate: total ? completed / total : 0.0,
        avg_steps,
        total_cases: total,
        completed_cases: completed,
    };
}
/** Evaluates the four gates; NaN anywhere makes the affected gate false, as in rlm-code. */
function evaluateRlmGates(baseline, candidate, caseSummary, t) {
    const base = runMetrics(baseline);
    const cand = runMetrics(candidate);
    const deltas = {
        avg_reward: cand.avg_reward - base.avg_reward,
        completion_rate: cand.completion_rate - base.completion_rate,
        avg_steps_increase: cand.avg_steps - base.avg_steps,
    };
    const gates = {
        reward: deltas.avg_reward >= t.min_reward_delta,
        completion: deltas.completion_rate >= t.min_completion_delta,
        steps: deltas.avg_steps_increase <= t.max_steps_increase,
        completion_regressions: t.fail_on_completion_regression ? caseSummary.completion_regressions === 0 : true,
    };
    const passed = GATE_NAMES.every((g) => gates[g]);
    return { candidate_metrics: cand, baseline_metrics: base, deltas, case_summary: caseSummary, gates, passed };
}

const rate = (e) => e.successes / e.trials;
function gateData(cases, t) {
    const n = cases.length;
    const col = (f) => {
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++)
            out[i] = f(cases[i]);
        return out;
    };
    return [
        { gate: 'reward', gated: true, direction: 'at_least', threshold: t.min_reward_delta, perCase: col((c) => c.candidate.reward - c.baseline.reward) },
        { gate: 'completion', gated: true, direction: 'at_least', threshold: t.min_completion_delta, perCase: col((c) => rate(c.candidate) - rate(c.baseline)) },
        { gate: 'steps', gated: true, direction: 'at_most', threshold: t.max_steps_increase, perCase: col((c) => c.candidate.steps - c.baseline.steps) },
        { gate: 'completion_regressions', gated: t.fail_on_completion_regression, direction: 'at_least', threshold: 0, perCase: col((c) => Math.sign(rate(c.candidate) - rate(c.baseline))) },
    ];
}
/** Cluster-robust (CR1) standard error of a mean over units, for sizing statements only. */
function clusterSe(sums, sizes, theta, n) {
    const G = sums.length;
    if (G < 2)
        return 0;
    let acc = 0;
    for (let u = 0; u < G; u++)
        acc += (sums[u] - theta * sizes[u]) ** 2;
    return Math.sqrt((G / (G - 1)) * acc) / n;
}
/** Each side's per-case mean for a gate (the regressions gate has none). */
function sideMeans(cases, gate) {
    if (gate === 'completion_regressions' || cases.length === 0)
        return { baseline: null, candidate: null };
    const pick = (e) => (gate === 'reward' ? e.reward : gate === 'steps' ? e.steps : rate(e));
    let b = 0;
    let c = 0;
    for (const x of cases) {
        b += pick(x.baseline);
        c += pick(x.candidate);
    }
    return { baseline: b / cases.length, candidate: c / cases.length };
}

/**
 * The `significant` decision policy: each gate judged on the paired, per-case evidence.
 *
 * Every gate is a question about the mean per-case difference θ (candidate − baseline) against its
 * threshold τ: completion rate, reward and steps by their per-case differences, completion
 * regressions by the sign of each case's completion change (more cases worse than better?). Each is
 * answered by a paired sign-flip randomization test: under "no difference beyond the threshold" the
 * two sides of a case (or of a whole cluster of cases) are exchangeable, so flipping the sign of its
 * difference is as likely as not. For one trial per side the completion test is exactly McNemar's:
 * flipping discordant pairs makes the pass→fail count Binomial(discordant, ½). The flips are all 2^G
 * patterns when there are at most 2^14 of them, else a seeded sample: the same input gives the same
 * answer.
 *
 * A gate **fails** when the data show it violated (one-sided test, with a max-T adjustment across the
 * gates: the max of the gates' studentized statistics over the same flips, so correlated gates do not
 * multiply false holds and the family-wise error stays at α; a gate already shown to hold at level
 * γ = α/10 leaves that family, and γ is added to the adjusted p-values, after Berger and Boos 1994);
 * it **passes** when the data show it holds (one-sided at α per gate, which is enough: promote needs
 * every gate to pass, an intersection-union test); otherwise it is **inconclusive**. Confidence
 * bounds are the same randomization test inverted (the mean of a flipped subset is the pivot), so a
 * bound past the threshold and the unadjusted test agree.
 */
const DECISION_POLICIES = ['point', 'significant'];
/** With fewer units than this, 2^units sign patterns cannot reach 95% confidence one-sided. */
const MIN_DECIDING_UNITS = 5;
/**
 * γ as a share of α: a gate already shown to hold at level γ leaves the max-T family, and γ is added
 * to the family's p-values (Berger & Boos 1994), so the family-wise error stays within α.
 */
const SCREEN = 0.1;
/**
 * Weights of the max-T family, as a shift of each gate's studentized statistic: the quality gates
 * (reward, completion, regressions) share the error budget; the steps tolerance must exceed them
 * by one standard error to be the maximum, so it takes a small share instead of half of it. Fixed
 * in advance, so the adjustment stays exact (a weighted max-T).
 */
const HANDICAP = { reward: 0, completion: 0, completion_regressions: 0, steps: 1 };
/** Power at which the minimum detectable effect and the needed suite size are stated. */
const POWER = 0.8;
function single$1(ctx, d, g) {
    const sums = ctx.unitSums[g];
    const theta = ctx.n === 0 ? 0 : sums.reduce((a, b) => a + b, 0) / ctx.n;
    const spread = d.perCase.some((x) => x !== d.perCase[0]);
    const meets = d.direction === 'at_least' ? theta >= d.threshold : theta <= d.threshold;
    const decidable = ctx.n > 0 && spread && Number.isFinite(d.threshold);
    return { d, g, theta, meets, sorted: decidable ? flippedMeans(ctx.ps, g) : null };
}
/** The share of patterns at or below / at or above x; the identity pattern (the observed data) always counts. */
const atMost = (ctx, sorted, x) => (1 + countAtMost(sorted, x)) / ctx.ps.count;
const atLeast = (ctx, sorted, x) => (1 + countAtLeast(sorted, x)) / ctx.ps.count;
function pHolds(ctx, x) {
    if (x.sorted === null)
        return x.meets ? 0 : 1;
    return x.d.direction === 'at_least' ? atMost(ctx, x.sorted, x.d.threshold) : atLeast(ctx, x.sorted, x.d.threshold);
}
/**
 * The max-T family's studentized violation statistics per pattern (pattern 0 observed), and their
 * maximum per pattern. The family: gates that can decide and are not already shown to hold at level
 * γ (their randomization spread would only raise everyone's bar); Berger–Boos adds γ to its p-values.
 */
function maxT(ctx, singles) {
    const { units: G, ps, unitSize } = ctx;
    const family = singles.filter((x) => x.sorted !== null && x.d.gated && pHolds(ctx, x) > SCREEN * ctx.alpha);
    const violation = new Map();
    for (const x of family) {
        const tau = x.d.threshold;
        const sums = ctx.unitSums[x.g];
        let norm = 0;
        let obs = 0;
        for (let u = 0; u < G; u++) {
            const v = sums[u] - tau * unitSize[u];
            norm += v * v;
            obs += v;
        }
        const sign = x.d.direction === 'at_least' ? -1 : 1;
        const flipped = ps.flippedSum[x.g];
        const handicap = HANDICAP[x.d.gate];
        const v = new Float64Array(ps.count);
        for (let p = 0; p < ps.count; p++)
            v[p] = (sign * (obs - 2 * (flipped[p] - tau * ps.flippedSize[p]))) / Math.sqrt(norm) - handicap;
        violation.set(x.g, v);
    }
    const maxV = new Float64Array(ps.count).fill(-Infinity);
    for (const v of violation.values())
        for (let p = 0; p < ps.count; p++)
            if (v[p] > maxV[p])
                maxV[p] = v[p];
    return { violation, maxV };
}
function gateResult(ctx, { d, g, theta, meets, sorted }, family) {
    const { m, m2, alpha } = ctx;
    const counts = d.gate === 'completion_regressions' ? { regressed: d.perCase.filter((x) => x < 0).length, improved: d.perCase.filter((x) => x > 0).length } : { regressed: null, improved: null };
    const means = sideMeans(ctx.cases, d.gate);
    const base = { gate: d.gate, gated: d.gated, direction: d.direction, threshold: d.threshold, baseline: means.baseline, candidate: means.candidate, estimate: theta, ...counts };
    if (sorted === null) {
        // No spread: every case moved by exactly θ, so θ is known; an infinite threshold decides itself.
        const status = !d.gated || meets ? 'pass' : 'fail';
        return { ...base, lower: theta, upper: theta, p_change: theta === 0 ? 1 : 0, p_violated: meets ? 1 : 0, p_violated_adjusted: meets ? 1 : 0, p_holds: meets ? 0 : 1, status, significant: theta !== 0 && ctx.n > 0, minimum_detectable: null, units_needed: null };
    }
    const tau = d.threshold;
    const bound = (k, low) => (k < 0 ? (low ? -Infinity : Infinity) : sorted[low ? k : sorted.length - 1 - k]);
    const p_violated = d.direction === 'at_least' ? atLeast(ctx, sorted, tau) : atMost(ctx, sorted, tau);
    const p_holds = d.direction === 'at_least' ? atMost(ctx, sorted, tau) : atLeast(ctx, sorted, tau);
    const v = family.violation.get(g);
    let p_violated_adjusted = 1;
    if (v) {
        let k = 0;
        for (let p = 0; p < ctx.ps.count; p++)
            if (family.maxV[p] >= v[0] - 1e-12)
                k++;
        p_violated_adjusted = Math.min(1, Math.max(p_violated, k / ctx.ps.count) + SCREEN * alpha);
    }
    let status = 'inconclusive';
    if (!d.gated)
        status = 'pass';
    else if (p_violated_adjusted <= alpha)
        status = 'fail';
    else if (p_holds <= alpha)
        status = 'pass';
    const se = clusterSe(ctx.unitSums[g], ctx.unitSize, theta, ctx.n);
    const gap = Math.abs(theta - tau);
    return {
        ...base,
        lower: bound(m, true),
        upper: bound(m, false),
        p_change: Math.min(1, 2 * Math.min(atLeast(ctx, sorted, 0), atMost(ctx, sorted, 0))),
        p_violated,
        p_violated_adjusted,
        p_holds,
        status,
        significant: bound(m2, true) > 0 || bound(m2, false) < 0,
        minimum_detectable: se > 0 ? ctx.zPower * se : null,
        units_needed: status === 'inconclusive' && se > 0 && gap > 0 ? Math.ceil(ctx.units * ((ctx.zPower * se) / gap) ** 2) : null,
    };
}
function testGates(cases, thresholds, trials, options = {}) {
    const confidence = options.confidence ?? 0.95;
    if (!(confidence > 0.5 && confidence < 1))
        throw new RangeError(`confidence must be between 0.5 and 1, got ${confidence}`);
    const alpha = 1 - confidence;
    const n = cases.length;
    const cluster = chooseCluster(cases, options.cluster ?? 'auto');
    const { unitOf, count: G } = unitsOf(cases, cluster.field);
    const drafts = [...cluster.drafts];
    if (cluster.field !== null && G < MIN_DECIDING_UNITS) {
        drafts.push({ code: 'too-few-clusters', side: null, message: `Clustering by ${cluster.field} leaves ${G} clusters: ${2 ** G} sign patterns cannot reach ${Math.round(confidence * 100)}% confidence, so no gate can be decided. Use more clusters, or --cluster none if cases are independent.`, case_ids: [] });
    }
    const data = gateData(cases, thresholds);
    const unitSize = new Float64Array(G);
    for (let i = 0; i < n; i++)
        unitSize[unitOf[i]] += 1;
    const unitSums = data.map((d) => {
        const s = new Float64Array(G);
        for (let i = 0; i < n; i++)
            s[unitOf[i]] += d.perCase[i];
        return s;
    });
    const ps = signPatterns(unitSize, unitSums, options.resamples ?? defaultResamples(G));
    const ctx = {
        cases, n, units: G, alpha, unitSize, unitSums, ps,
        m: Math.floor(alpha * ps.count) - 1,
        m2: Math.floor((alpha / 2) * ps.count) - 1,
        zPower: normalQuantile(confidence) + normalQuantile(POWER),
    };
    const singles = data.map((d, g) => single$1(ctx, d, g));
    const family = maxT(ctx, singles);
    const gates = singles.map((x) => gateResult(ctx, x, family));
    return {
        confidence,
        alpha,
        method: ps.method,
        patterns: ps.count,
        seed: SIGN_FLIP_SEED,
        cases: n,
        cluster: { field: cluster.field, units: G, note: cluster.note },
        trials,
        gates: GATE_NAMES.map((name) => gates.find((x) => x.gate === name)),
        declines: [],
        drafts,
    };
}

/**
 * rlm-code's recommended release criteria (its docs), not its function signature defaults, which
 * set `max_steps_increase` to 0.0 and so fail any run that takes a single extra step on average.
 */
const DEFAULT_THRESHOLDS = Object.freeze({
    min_reward_delta: 0.0,
    min_completion_delta: 0.0,
    max_steps_increase: 0.5,
    fail_on_completion_regression: true,
});

/**
 * Repeated trials: several runs of the same suite on one side, merged by case id into per-case
 * evidence (trials, successes, mean reward and steps), with pass@k and pass^k, and an exact per-case
 * test of whether a drop in success rate is beyond that case's own noise. Pure: no I/O.
 */
/** Throws a UsageError for a file given twice or runs of different presets. */
function checkRuns(side, runs) {
    const seen = new Map();
    for (const r of runs) {
        const key = normalize(r.path);
        const before = seen.get(key);
        if (before !== undefined) {
            const also = before === r.path ? '' : ` (also as ${before})`;
            throw new UsageError(`${r.path} is given twice as a ${side} trial${also}; give each trial's file once`);
        }
        seen.set(key, r.path);
    }
    const first = runs.find((r) => r.summary.run.preset !== null);
    if (first === undefined)
        return;
    const a = first.summary.run.preset;
    for (const r of runs) {
        const b = r.summary.run.preset;
        if (b !== null && b !== a) {
            throw new UsageError(`the ${side} files ${first.path} and ${r.path} are trials of different presets: ${first.path} has preset ${JSON.stringify(a)}, ` +
                `${r.path} has ${JSON.stringify(b)}; give the runs of one suite per side`);
        }
    }
}
/**
 * Merges the runs of one side by case id; they must be distinct files of the same preset (a null
 * preset matches any). A case's trials are the files that have it; a case missing from some files
 * gives one `partial-trials` draft for the side. Reads the packed form, so large files stay fast.
 */
function mergeTrials(side, runs, fields = NO_FIELDS) {
    if (runs.length === 0)
        throw new RangeError(`mergeTrials(${side}) needs at least one run`);
    checkRuns(side, runs);
    const cases = new Map();
    for (const r of runs) {
        const p = packedOf(r.summary, fields);
        const fieldColumns = Object.entries(p.fields.labels);
        const { environment, task_family, domain, split, length_bucket } = p.columns;
        const ids = p.ids;
        for (let i = 0; i < ids.length; i++) {
            const id = ids[i];
            const ok = (p.flags[i] & FLAG.completed) !== 0 ? 1 : 0;
            const reward = p.numbers[i * SLOTS + SLOT.reward];
            const steps = p.numbers[i * SLOTS + SLOT.steps];
            const c = cases.get(id);
            if (c === undefined) {
                const labels = {
                    environment: environment.values[environment.index[i]] ?? null,
                    task_family: task_family.values[task_family.index[i]] ?? null,
                    domain: domain.values[domain.index[i]] ?? null,
                    split: split.values[split.index[i]] ?? null,
                    length_bucket: length_bucket.values[length_bucket.index[i]] ?? null,
                };
                for (const [name, column] of fieldColumns)
                    if (!Object.hasOwn(labels, name))
                        labels[name] = column.values[column.index[i]] ?? null;
                cases.set(id, { trials: 1, successes: ok, reward, steps, labels });
            }
            else {
                // Sums until every run is in; divided into means below.
                c.trials++;
                c.successes += ok;
                c.reward += reward;
                c.steps += steps;
            }
        }
    }
    const partial = [];
    for (const [id, c] of cases) {
        if (c.trials > 1) {
            c.reward /= c.trials;
            c.steps /= c.trials;
        }
        if (c.trials < runs.length)
            partial.push(id);
    }
    const drafts = [];
    if (partial.length > 0) {
        const one = partial.length === 1;
        drafts.push({
            code: 'partial-trials',
            side,
            message: `${partial.length} ${one ? 'case' : 'cases'} of the ${side} side ${one ? 'is' : 'are'} in some of its ${runs.length} trials only ` +
                `(${one ? 'it is' : 'they are'} compared over the trials that have ${one ? 'it' : 'them'}).`,
            case_ids: partial.sort(compareCodePoints),
        });
    }
    return { side, paths: runs.map((r) => r.path), trials: runs.length, cases, drafts };
}
function checkK(name, n, c, k) {
    if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k) && c >= 0 && c <= n && k >= 1 && k <= n)) {
        throw new RangeError(`${name} needs integers 0 <= c <= n and 1 <= k <= n, got n=${n} c=${c} k=${k}`);
    }
}
/**
 * pass@k, the unbiased estimator 1 − C(n−c, k)/C(n, k) (Chen et al. 2021): the chance that at least
 * one of k tries drawn from the n (c of them successes) succeeds. Product form, every factor in [0, 1]:
 * C(n−c, k)/C(n, k) = ∏_{i=n−c+1}^{n} (1 − k/i).
 */
function passAtK(n, c, k) {
    checkK('passAtK', n, c, k);
    if (n - c < k)
        return 1;
    let ratio = 1;
    for (let i = n - c + 1; i <= n; i++)
        ratio *= 1 - k / i;
    return 1 - ratio;
}
/**
 * pass^k = C(c, k)/C(n, k) (τ-bench): the chance that all k tries drawn from the n succeed. Product
 * form, every factor in [0, 1]: ∏_{i=0}^{k−1} (c − i)/(n − i).
 */
function passHatK(n, c, k) {
    checkK('passHatK', n, c, k);
    if (c < k)
        return 0;
    let ratio = 1;
    for (let i = 0; i < k; i++)
        ratio *= (c - i) / (n - i);
    return ratio;
}
function checkEvidence(e, which) {
    if (!(Number.isInteger(e.trials) && Number.isInteger(e.successes) && e.successes >= 0 && e.successes <= e.trials)) {
        throw new RangeError(`fisherOneSided: the ${which} needs integers 0 <= successes <= trials, got ${e.successes}/${e.trials}`);
    }
}
/**
 * Fisher's exact test, one-sided: the p-value that the candidate's success rate is lower than the
 * baseline's by chance alone, i.e. the hypergeometric lower tail P(X <= candidate successes) given
 * both sides' trials and the total successes. 1 when there is nothing to test (a side without
 * trials, or no success or no failure on either side).
 */
function fisherOneSided(b, c) {
    checkEvidence(b, 'baseline');
    checkEvidence(c, 'candidate');
    const total = b.successes + c.successes;
    const n = b.trials + c.trials;
    if (b.trials === 0 || c.trials === 0 || total === 0 || total === n)
        return 1;
    // X = the candidate's successes: c.trials draws from n trials of which `total` succeed.
    const lo = Math.max(0, total - b.trials);
    const hi = Math.min(c.trials, total);
    if (c.successes >= hi)
        return 1;
    // log P(X = x) up to a constant, by the ratio P(x + 1)/P(x); the tails are normalized by their sum
    // (so C(n, total) is never formed: no overflow, no underflow, and a full tail is exactly 1).
    const logs = [0];
    for (let x = lo; x < hi; x++) {
        logs.push(logs[logs.length - 1] + Math.log(((c.trials - x) * (total - x)) / ((x + 1) * (b.trials - total + x + 1))));
    }
    const top = logs.reduce((m, l) => (l > m ? l : m), -Infinity);
    let lower = 0;
    let all = 0;
    logs.forEach((l, i) => {
        const w = Math.exp(l - top);
        all += w;
        if (lo + i <= c.successes)
            lower += w;
    });
    return Math.min(1, lower / all);
}

/** The cases on both sides, by code point, with their trial evidence. */
function pairTrials(b, c) {
    const out = [];
    for (const [id, base] of b.cases) {
        const cand = c.cases.get(id);
        if (cand === undefined)
            continue;
        out.push({ id, labels: base.labels, baseline: base, candidate: cand });
    }
    return out.sort((x, y) => compareCodePoints(x.id, y.id));
}
function mergeSides(baseline, candidate, options, fields) {
    const b = mergeTrials('baseline', options.trials?.baseline ?? [baseline], fields);
    const c = mergeTrials('candidate', options.trials?.candidate ?? [candidate], fields);
    return { b, c, paired: pairTrials(b, c) };
}
function significanceOf({ b, c, paired }, thresholds, options) {
    const result = testGates(paired, thresholds, { baseline: b.trials, candidate: c.trials }, options.significance);
    const declines = b.trials > 1 || c.trials > 1 ? caseDeclines(paired, result.alpha) : [];
    return { ...result, declines, drafts: [...b.drafts, ...c.drafts, ...result.drafts] };
}
/** Cases whose success rate fell, each with pass@k, pass^k (k = its trials) and Fisher's exact p. */
function caseDeclines(paired, alpha) {
    const side = (e) => ({ trials: e.trials, successes: e.successes, pass_at_k: passAtK(e.trials, e.successes, e.trials), pass_hat_k: passHatK(e.trials, e.successes, e.trials) });
    return paired
        .filter((x) => x.candidate.successes / x.candidate.trials < x.baseline.successes / x.baseline.trials)
        .map((x) => {
        const p = fisherOneSided(x.baseline, x.candidate);
        return { case_id: x.id, baseline: side(x.baseline), candidate: side(x.candidate), p, within_noise: p > alpha };
    });
}
/** The case fields that gates and slices read beyond the built-in metrics and labels (kept when packing). */
function caseFieldsFor(gates, slices, cluster = 'auto') {
    const known = ['auto', 'none', ...CLUSTER_FIELDS];
    const groupings = [...slices.map((x) => x.by), cluster].filter((f) => !known.includes(f));
    return { numbers: gates.flatMap((g) => (g.field === undefined ? [] : [g.field])), labels: [...new Set(groupings)] };
}
/** Formats whose report shows the head-to-head: their reward is a per-example score compared pairwise. */
const HEAD_TO_HEAD_FORMATS = new Set(['multihop-qa']);
function headToHead(rows) {
    let wins = 0;
    let losses = 0;
    let ties = 0;
    for (const r of rows) {
        if (!r.in_baseline || !r.in_candidate)
            continue;
        if (r.candidate_reward > r.baseline_reward)
            wins++;
        else if (r.candidate_reward < r.baseline_reward)
            losses++;
        else
            ties++;
    }
    const common = wins + losses + ties;
    return { common, wins, losses, ties, win_rate: common === 0 ? 0 : (wins + ties / 2) / common };
}
function compareSummaries(baseline, candidate, options = {}) {
    const thresholds = options.thresholds ?? { ...DEFAULT_THRESHOLDS };
    const b = baseline.summary;
    const c = candidate.summary;
    // The cases are read in packed form: summaries loaded packed are read as loaded, others packed now.
    const fields = caseFieldsFor(options.metricGates ?? [], options.slices ?? [], options.significance?.cluster);
    const bp = packedOf(b, fields);
    const cp = packedOf(c, fields);
    const cases = pairRows(bp, cp);
    const totals = { baseline: runTotals(bp), candidate: runTotals(cp) };
    const rlm = evaluateRlmGates(b, c, summarizeCases(cases), thresholds);
    const differences = findDifferences(b, c);
    const decision = options.decide ?? 'point';
    if (decision === 'point' && options.trials && (options.trials.baseline.length > 1 || options.trials.candidate.length > 1)) {
        throw new RangeError('repeated trials need the significant decision policy');
    }
    const alpha = 1 - (options.significance?.confidence ?? 0.95);
    const sliceSpecs = options.slices ?? [];
    const merged = decision === 'significant' || sliceSpecs.length > 0 ? mergeSides(baseline, candidate, options, fields) : null;
    const significance = decision === 'significant' && merged !== null ? significanceOf(merged, thresholds, options) : null;
    const comparability = checkComparability(b, c, options.comparability);
    const safety = checkSafety(bp, cp, options.safety);
    const extra = [...(options.findings ?? []), ...differenceFindings(differences), ...comparabilityFindings(comparability), ...safety.drafts, ...(significance?.drafts ?? [])];
    const findings = collectFindings(b, c, cases, extra, new Set(options.allowFindings ?? []), totals);
    const blocking_findings = findings.filter((f) => f.blocking);
    const metric_gates = evaluateMetricGates(bp, cp, options.metricGates ?? [], decision, alpha, options.pricing ?? {});
    const required = metric_gates.filter((g) => g.level === 'required');
    const slices = merged !== null && sliceSpecs.length > 0 ? evaluateSlices(merged.paired, sliceSpecs, decision, alpha) : [];
    const requiredSlices = slices.filter((x) => x.level === 'required' && x.judged);
    const sliceName = (x) => `${x.metric}[${x.by}=${x.group ?? '(none)'}]`;
    // Under point a required gate whose values are unknown cannot pass: it holds, never silently passes.
    const metricFails = [
        ...required.filter((g) => g.status === 'fail' || (decision === 'point' && g.status === 'inconclusive')).map((g) => g.metric),
        ...requiredSlices.filter((x) => x.status === 'fail').map(sliceName),
    ];
    const metricUndecided = decision === 'point' ? [] : [...required.filter((g) => g.status === 'inconclusive').map((g) => g.metric), ...requiredSlices.filter((x) => x.status === 'inconclusive').map(sliceName)];
    let verdict;
    let failed_gates;
    let undecided_gates = [];
    if (significance === null) {
        failed_gates = GATE_NAMES.filter((g) => !rlm.gates[g]);
        verdict = rlm.passed && blocking_findings.length === 0 && metricFails.length === 0 ? 'promote' : 'hold';
    }
    else {
        failed_gates = significance.gates.filter((g) => g.status === 'fail').map((g) => g.gate);
        undecided_gates = significance.gates.filter((g) => g.status === 'inconclusive').map((g) => g.gate);
        const held = failed_gates.length > 0 || blocking_findings.length > 0 || metricFails.length > 0;
        verdict = held ? 'hold' : undecided_gates.length > 0 || metricUndecided.length > 0 ? 'inconclusive' : 'promote';
    }
    return {
        baseline,
        candidate,
        thresholds,
        rlm,
        cases,
        findings,
        differences,
        usage: { baseline: usageFromTotals(totals.baseline), candidate: usageFromTotals(totals.candidate) },
        comparability,
        safety: safety.safety,
        cost: { baseline: runCost(bp, options.pricing ?? {}), candidate: runCost(cp, options.pricing ?? {}) },
        slices,
        metric_gates,
        failed_metric_gates: metricFails,
        undecided_metric_gates: metricUndecided,
        decision,
        ...(HEAD_TO_HEAD_FORMATS.has(b.format) || HEAD_TO_HEAD_FORMATS.has(c.format) ? { head_to_head: headToHead(cases) } : {}),
        significance,
        verdict,
        failed_gates,
        undecided_gates,
        blocking_findings,
    };
}
/** The not-comparable finding, when keys that must be equal differ (their values are in the report). */
function comparabilityFindings(c) {
    const keys = c.differing.filter((d) => !d.allowed).map((d) => d.key);
    if (keys.length === 0)
        return [];
    const list = keys.join(', ');
    return [{ code: 'not-comparable', side: null, message: `The runs differ in ${keys.length === 1 ? 'a key' : `${keys.length} keys`} that must be equal for a fair comparison: ${list}.`, case_ids: [] }];
}

/**
 * Group-sequential boundaries: how much of the error budget α a test may spend at each of K equally
 * spaced looks so that looking after every round and stopping at the first crossing keeps the
 * overall error at α.
 *
 * The spending function is Lan and DeMets' O'Brien–Fleming type (Lan & DeMets 1983, "Discrete
 * sequential boundaries for clinical trials", Biometrika 70:659–663), one-sided:
 *
 *   α(t) = 2 − 2·Φ(z_{1−α/2} / √t),  t = k / K the information fraction,
 *
 * which spends almost nothing early (the first looks stop only on overwhelming evidence) and leaves
 * the last look a nominal level close to α, so a design that runs to the end keeps nearly the fixed
 * design's power. The boundaries c_k on the standardized statistic Z_k = S_k/√k, with S_k a sum of
 * k independent N(0, 1) increments (a round adds as much information as any other: under "no
 * difference" each round's trials are independent of the earlier ones), solve
 *
 *   P(Z_1 < c_1, …, Z_{k−1} < c_{k−1}, Z_k ≥ c_k) = α(t_k) − α(t_{k−1})
 *
 * by the recursive numerical integration of Armitage, McPherson and Rowe (1969), as in Jennison and
 * Turnbull (2000), "Group Sequential Methods with Applications to Clinical Trials", ch. 19: the
 * density of S_k on the continuation region on a grid, convolved with the N(0, 1) increment.
 * Pure and deterministic.
 */
/** The upper tail 1 − Φ(x) of the standard normal, with relative error below 1.2e-7 (Numerical Recipes' erfc). */
function normalUpper(x) {
    const z = Math.abs(x) / Math.SQRT2;
    const t = 1 / (1 + 0.5 * z);
    const erfc = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
    return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}
/** Lan–DeMets O'Brien–Fleming-type spending: the share of the one-sided α spent by information fraction t. */
function obrienFlemingSpent(t, alpha) {
    if (t <= 0)
        return 0;
    if (t >= 1)
        return alpha;
    return 2 * normalUpper(normalQuantile(1 - alpha / 2) / Math.sqrt(t));
}
/** Grid step on the S scale (the increments have standard deviation 1), and the lower tail kept, in standard deviations. */
const STEP = 0.025;
const TAIL_SD = 8;
const KERNEL = Math.ceil(TAIL_SD / STEP);
const SQRT_2PI = Math.sqrt(2 * Math.PI);
/** The probability of crossing b at the next look: ∫ f(x)·(1 − Φ(b − x)) dx, by the trapezoid rule. */
function crossing(g, b) {
    let s = 0;
    const n = g.f.length;
    for (let i = 0; i < n; i++)
        s += (i === 0 || i === n - 1 ? 0.5 : 1) * g.f[i] * normalUpper(b - (g.lo + i * STEP));
    return s * STEP;
}
/**
 * The sub-density of the next look on a grid from about −TAIL_SD·√k up to exactly b (the boundary):
 * g convolved with the N(0, 1) increment, ∫ g(x)·φ(s − x) dx, banded to |s − x| ≤ TAIL_SD. Both grids
 * have step STEP, so s − x takes the values δ + m·STEP and φ is tabled once per look.
 */
function nextGrid(g, k, b) {
    const n = Math.max(2, Math.ceil((b + TAIL_SD * Math.sqrt(k)) / STEP) + 1);
    const lo = b - (n - 1) * STEP;
    const shift = Math.floor((lo - g.lo) / STEP);
    const delta = lo - g.lo - shift * STEP; // in [0, STEP)
    const phi = new Float64Array(2 * KERNEL + 1); // phi[m + KERNEL] = φ(δ + m·STEP)
    for (let m = -KERNEL; m <= KERNEL; m++)
        phi[m + KERNEL] = Math.exp(-((delta + m * STEP) ** 2) / 2) / SQRT_2PI;
    const last = g.f.length - 1;
    const w = Float64Array.from(g.f, (v, i) => (i === 0 || i === last ? 0.5 : 1) * v * STEP);
    const f = new Float64Array(n);
    for (let j = 0; j < n; j++) {
        const c = j + shift; // s_j − x_i = δ + (c − i)·STEP
        const from = Math.max(0, c - KERNEL);
        const to = Math.min(last, c + KERNEL);
        let sum = 0;
        for (let i = from; i <= to; i++)
            sum += w[i] * phi[c - i + KERNEL];
        f[j] = sum;
    }
    return { lo, f };
}
/** The grid of S_1 = N(0, 1), from −TAIL_SD up to exactly b. */
function firstGrid(b) {
    const n = Math.max(2, Math.ceil((b + TAIL_SD) / STEP) + 1);
    const lo = b - (n - 1) * STEP;
    return { lo, f: Float64Array.from({ length: n }, (_, j) => Math.exp(-((lo + j * STEP) ** 2) / 2) / SQRT_2PI) };
}
/** b with crossing(g, b) = target, by bisection (crossing falls as b rises). */
function solveBoundary(g, k, target) {
    let hi = -normalQuantile(target) * Math.sqrt(k) + 1; // the marginal tail, which the crossing never exceeds
    let lo = hi - 12 * Math.sqrt(k);
    while (crossing(g, lo) <= target)
        lo -= 12 * Math.sqrt(k);
    for (let it = 0; it < 200 && hi - lo > 1e-9; it++) {
        const mid = (lo + hi) / 2;
        if (crossing(g, mid) > target)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}
const cache = new Map();
/**
 * The K looks of the one-sided O'Brien–Fleming-type design at overall level alpha, equally spaced
 * (look k after k rounds). The first look is the one-look test at the level it may spend.
 */
function sequentialBoundaries(alpha, maxRounds) {
    if (!(alpha > 0 && alpha < 0.5))
        throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
    if (!Number.isInteger(maxRounds) || maxRounds < 1 || maxRounds > MAX_ROUNDS)
        throw new RangeError(`maxRounds must be an integer from 1 to ${MAX_ROUNDS}, got ${maxRounds}`);
    const key = `${alpha}/${maxRounds}`;
    const known = cache.get(key);
    if (known)
        return known;
    const looks = [];
    let grid = null;
    let before = 0;
    for (let k = 1; k <= maxRounds; k++) {
        const spent = obrienFlemingSpent(k / maxRounds, alpha);
        const target = spent - before;
        const b = grid === null ? -normalQuantile(target) : solveBoundary(grid, k, target);
        const z = b / Math.sqrt(k);
        looks.push({ round: k, spent, z, nominal: normalUpper(z) });
        before = spent;
        if (k < maxRounds) {
            grid = grid === null ? firstGrid(b) : nextGrid(grid, k, b);
        }
    }
    cache.set(key, looks);
    return looks;
}
/** The largest design: boundaries of up to this many looks are computed (about a second at most, once per process). */
const MAX_ROUNDS = 50;

/**
 * The `significant` policy decided sequentially: trials come in rounds (one more trial of each side
 * per round), the gates are judged after every round, and the run stops at the first decision.
 *
 * Method: a group-sequential design over at most K rounds (`--max-trials`), with Lan and DeMets'
 * O'Brien–Fleming-type alpha-spending function (Lan & DeMets 1983; boundaries by Armitage–McPherson–
 * Rowe recursive integration, Jennison & Turnbull 2000, ch. 19; see stats/sequential.ts). After round
 * k the same paired sign-flip tests as the fixed design (significance.ts) are run at that look's
 * nominal level α_k instead of α, both ways: a gate fails when its violation is shown at α_k, and
 * passes when its holding is shown at α_k. Each direction spends α over the K looks, so a user who
 * looks after every round and stops at the first hold or promote keeps the fixed design's error
 * rates, and the last look's level is close to α, so running to the end loses little power.
 *
 * Why this and not e-values or confidence sequences: benchgate's rounds are few (at most tens) and
 * fixed in number, and its tests are exact randomization tests whose p-values are already what the
 * report shows; a spending design reuses them unchanged (only the level moves), its boundaries are
 * exact for that K, and it keeps nearly all of the fixed design's power at the last round, where
 * anytime-valid e-processes for an unbounded horizon pay a steep price in power at a fixed maximum.
 * Pure: evidence in, decision out.
 */
/** The default maximum number of rounds (trials per side), and the largest allowed. */
const DEFAULT_MAX_TRIALS = 10;
const SEQUENTIAL_METHOD = "group-sequential, Lan-DeMets O'Brien-Fleming-type alpha spending";
/** The confidence level the paired tests run at after `rounds` rounds of at most `maxRounds`. */
function sequentialConfidence(rounds, maxRounds, confidence) {
    checkRounds(rounds, maxRounds);
    const look = sequentialBoundaries(1 - confidence, maxRounds)[rounds - 1];
    // An early look of a long design can have a level below double precision (1e-43 at round 1 of
    // 50), which would make the confidence 1. No randomization p-value comes near 1e-12 (at least
    // 1/16,384 exact, 1/10,000 sampled), and a gate without spread decides at any level, so the
    // floor changes no decision.
    return 1 - Math.max(look.nominal, MIN_LEVEL);
}
/** The smallest level a round is tested at (see sequentialConfidence). */
const MIN_LEVEL = 1e-12;
function checkRounds(rounds, maxRounds) {
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > maxRounds)
        throw new RangeError(`rounds must be an integer from 1 to ${maxRounds}, got ${rounds}`);
}
/** The standardized distance a one-sided p-value stands for: z = Φ⁻¹(1 − p). */
const zOf = (p) => (p >= 1 ? -Infinity : p <= 0 ? Infinity : -normalQuantile(p));
/**
 * The first later round at which z, growing as √rounds (each round adds the same information),
 * would cross that round's boundary; null when none up to the maximum does.
 */
function roundsToCross(z, rounds, looks) {
    if (!(z > 0))
        return null;
    for (const look of looks) {
        if (look.round <= rounds)
            continue;
        if (z * Math.sqrt(look.round / rounds) >= look.z)
            return look.round - rounds;
    }
    return null;
}
/**
 * About how many more rounds the undecided gates need: each heads where its evidence points (fail
 * when its violation is the stronger side, else pass); a hold needs one gate to fail, so the soonest
 * failing gate; a promote needs every gate to pass, so the slowest.
 */
function moreRounds(gates, rounds, looks) {
    const open = gates.filter((g) => g.gated && g.status === 'inconclusive');
    if (open.length === 0)
        return null;
    const heading = open.map((g) => {
        const fail = zOf(g.p_violated_adjusted);
        const pass = zOf(g.p_holds);
        return fail > pass ? { to: 'fail', n: roundsToCross(fail, rounds, looks) } : { to: 'pass', n: roundsToCross(pass, rounds, looks) };
    });
    const failing = heading.filter((h) => h.to === 'fail' && h.n !== null).map((h) => h.n);
    if (failing.length > 0)
        return Math.min(...failing);
    if (heading.some((h) => h.n === null))
        return null;
    return Math.max(...heading.map((h) => h.n));
}
/** What the sequential design says after `rounds` rounds, given the verdict and gates judged at this round's level. */
function decideSequential(verdict, gates, rounds, maxRounds, confidence) {
    checkRounds(rounds, maxRounds);
    const looks = sequentialBoundaries(1 - confidence, maxRounds);
    const look = looks[rounds - 1];
    const decided = verdict !== 'inconclusive';
    const reason = decided ? 'decided' : rounds === maxRounds ? 'max-trials' : 'continue';
    return {
        method: SEQUENTIAL_METHOD,
        confidence,
        max_rounds: maxRounds,
        rounds,
        nominal_alpha: look.nominal,
        spent_alpha: look.spent,
        stop: reason !== 'continue',
        reason,
        more_rounds: reason === 'continue' ? moreRounds(gates, rounds, looks) : null,
        runs: { spent: 2 * rounds, fixed: 2 * maxRounds, saved: reason === 'continue' ? null : 2 * (maxRounds - rounds) },
        looks,
    };
}

/**
 * Paths and globs (`*`, `?`, `**`) of input files: the action's summary pattern
 * (action/find-summary.ts) and the CLI's repeatable `--baseline`/`--candidate` files (repeated
 * trials). Plain node: no shell, no dependency.
 */
/** The most directory entries one glob may scan. */
const MAX_SCANNED_ENTRIES = 200_000;
/** Thrown by {@link matchFiles} for a glob that would scan more than {@link MAX_SCANNED_ENTRIES} entries. */
class TooManyEntries extends Error {
    name = 'TooManyEntries';
}
const GLOB_CHARS = /[*?]/;
/** True when `pattern` has glob characters (`*` or `?`). */
function hasGlob(pattern) {
    return GLOB_CHARS.test(pattern);
}
function segmentRegex(segment) {
    const body = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
    return new RegExp(`^${body}$`);
}
/** Files under `root` matching the glob's segments; `**` matches any number of directories. */
function walk(root, segments, counter) {
    const [head, ...rest] = segments;
    if (head === undefined)
        return [];
    if (head === '**') {
        const here = rest.length > 0 ? walk(root, rest, counter) : [];
        const deeper = subdirs(root, counter).flatMap((d) => walk(join(root, d), segments, counter));
        return [...here, ...deeper];
    }
    if (!GLOB_CHARS.test(head)) {
        const next = join(root, head);
        if (rest.length === 0)
            return isFile(next) ? [next] : [];
        return walk(next, rest, counter);
    }
    const re = segmentRegex(head);
    const out = [];
    for (const entry of entries(root, counter)) {
        if (!re.test(entry.name))
            continue;
        const next = join(root, entry.name);
        if (rest.length === 0) {
            if (entry.isFile())
                out.push(next);
        }
        else if (entry.isDirectory()) {
            out.push(...walk(next, rest, counter));
        }
    }
    return out;
}
function entries(dir, counter) {
    let list;
    try {
        list = readdirSync(dir, { withFileTypes: true });
    }
    catch {
        return [];
    }
    counter.n += list.length;
    if (counter.n > MAX_SCANNED_ENTRIES)
        throw new TooManyEntries(`the pattern scans more than ${MAX_SCANNED_ENTRIES} entries`);
    return list;
}
function subdirs(dir, counter) {
    return entries(dir, counter)
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
}
function isFile(path) {
    try {
        return statSync(path).isFile();
    }
    catch {
        return false;
    }
}
/**
 * All files matching `pattern` (a path or a glob, relative to `cwd`), newest first. Paths are
 * `cwd` joined with the match (absolute when `cwd` is). Throws {@link TooManyEntries}.
 */
function matchFiles(pattern, cwd) {
    const absolute = isAbsolute(pattern);
    const parts = pattern.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
    const root = absolute ? sep : cwd;
    const files = walk(root, parts, { n: 0 });
    return [...new Set(files)]
        .map((path) => ({ path, mtimeMs: statSync(path).mtimeMs }))
        .sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
}
/** The option as the user typed it: `baseline` → `--baseline`. */
const flag = (option) => (option.startsWith('-') ? option : `--${option}`);
/** A pattern quoted for a message, the way a shell would take it back. */
const quote = (s) => (/^[\x20-\x26\x28-\x7e]*$/.test(s) ? `'${s}'` : JSON.stringify(s));
/**
 * The files of a repeatable file option, in argument order. A glob expands to its matches sorted by
 * path (code-point order), written as the pattern was: relative to `cwd` for a relative pattern,
 * absolute for an absolute one; a glob that matches nothing is a UsageError. A plain path is kept as
 * given, even when missing (the loader reports missing files). A file named twice (the same path
 * once resolved against `cwd`) is kept at its first place.
 */
function expandInputs(option, patterns, cwd) {
    const out = [];
    const seen = new Set();
    for (const pattern of patterns) {
        let paths = [pattern];
        if (hasGlob(pattern)) {
            let matches;
            try {
                matches = matchFiles(pattern, cwd).map((m) => m.path);
            }
            catch (err) {
                if (err instanceof TooManyEntries)
                    throw new UsageError(`${flag(option)} ${quote(pattern)} scans more than ${MAX_SCANNED_ENTRIES} directory entries; make it narrower`);
                throw err;
            }
            if (matches.length === 0)
                throw new UsageError(`${flag(option)} ${quote(pattern)} matches no file in ${resolve(cwd)}`);
            const base = resolve(cwd);
            paths = matches.map((m) => (isAbsolute(pattern) ? m : relative(base, m))).sort(compareCodePoints);
        }
        for (const path of paths) {
            const key = resolve(cwd, path);
            if (seen.has(key))
                continue;
            seen.add(key);
            out.push(path);
        }
    }
    return out;
}

/**
 * Number formatting. `pyFixed` reproduces Python's `format(x, '.Nf')` exactly (rlm-code's CSV and
 * markdown use it): the exact binary value rounded half-to-even on true ties (0.0625 → "0.062" at 3
 * digits, where JavaScript's toFixed gives "0.063"), and a minus sign kept on negative zero.
 * Everything here is locale-free so reports are byte-for-byte reproducible.
 */
/** Python `'%.{digits}f' % x` (with `plus`, `'%+.{digits}f'`). */
function pyFixed(x, digits, plus = false) {
    if (Number.isNaN(x))
        return plus ? '+nan' : 'nan';
    const negative = x < 0 || Object.is(x, -0);
    const sign = negative ? '-' : plus ? '+' : '';
    if (!Number.isFinite(x))
        return `${sign}inf`;
    const abs = Math.abs(x);
    if (abs >= 1e21)
        return sign + largeFixed(abs, digits);
    const fixed = abs.toFixed(digits);
    return sign + (isTie(abs, digits) ? toEven(fixed) : fixed);
}
/**
 * True when `abs` lies exactly halfway between two `digits`-place decimals, the one case where
 * toFixed (which otherwise rounds the exact binary value correctly) differs from Python: it picks
 * the larger neighbour. abs·10^d = k + ½ exactly means abs·2^(d+1)·5^d is odd, which for a binary
 * fraction holds exactly when abs·2^(d+1) (an exact product) is an odd integer.
 */
function isTie(abs, digits) {
    const y = abs * 2 ** (digits + 1);
    return Number.isInteger(y) && y % 2 === 1;
}
/** toFixed's result on a tie, rounded half-to-even instead: an odd last digit is one too large. */
function toEven(fixed) {
    const last = fixed.charCodeAt(fixed.length - 1);
    return last % 2 === 1 ? fixed.slice(0, -1) + String.fromCharCode(last - 1) : fixed;
}
/** A double of 1e21 or more is a whole number, which toFixed would write in exponent notation. */
function largeFixed(abs, digits) {
    return BigInt(abs).toString() + (digits > 0 ? `.${'0'.repeat(digits)}` : '');
}
/** An integer with thousands separators: 418200 → "418,200". */
function grouped(n) {
    const neg = n < 0 ? '−' : '';
    return neg + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
/** A signed value for display, with a true minus sign (U+2212) and "±0" never shown as "-0". */
function signed(x, digits) {
    const s = pyFixed(x, digits, true);
    if (isSignedZero(s))
        return `+${s.slice(1)}`;
    return s.charCodeAt(0) === MINUS ? `−${s.slice(1)}` : s;
}
const MINUS = 0x2d;
/** True for a zero as pyFixed writes it with a sign ("-0", "+0.000"): nothing but 0 and . after the sign. */
function isSignedZero(s) {
    for (let i = 1; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c !== 0x30 && c !== 0x2e)
            return false;
    }
    return true;
}
/**
 * A delta as the report shows it next to a threshold. When rounding would show the delta equal to
 * the threshold although it is not (0.5000000000000004 against 0.5), the full value is shown, so a
 * failed gate never reads "+0.50 ≤ +0.50".
 */
function deltaNearThreshold(delta, threshold, digits, scale = 1) {
    const shown = signed(delta * scale, digits);
    if (delta !== threshold && shown === signed(threshold * scale, digits)) {
        const full = String(delta * scale);
        return full.startsWith('-') ? `−${full.slice(1)}` : `+${full}`;
    }
    return shown;
}

/**
 * Joining many rendered lines into report text. Long reports (100,000 case rows) are built from
 * strings in pieces; how they are joined decides how much the garbage collector copies.
 */
/** Lines per batch of {@link joinLines}. */
const BATCH = 1000;
/**
 * `items.map(render).join('\n')` for long lists, in batches of flat text: each rendered line is a
 * chain of string pieces, and a whole list of them held at once would survive several young-generation
 * collections, which copy every piece each time.
 */
function joinLines(items, render) {
    const batches = [];
    for (let i = 0; i < items.length; i += BATCH)
        batches.push(items.slice(i, i + BATCH).map(render).join('\n'));
    return batches.join('\n');
}

const CSV_COLUMNS = [
    'case_id',
    'baseline_completed',
    'candidate_completed',
    'baseline_reward',
    'candidate_reward',
    'reward_delta',
    'baseline_steps',
    'candidate_steps',
    'steps_delta',
];
/** Quotes a field when it holds a comma, a quote, or a line break (RFC 4180 section 2). */
function csvField(value) {
    return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
function csvLine(r) {
    return [
        csvField(r.case_id),
        r.baseline_completed ? '1' : '0',
        r.candidate_completed ? '1' : '0',
        pyFixed(r.baseline_reward, 4),
        pyFixed(r.candidate_reward, 4),
        pyFixed(r.reward_delta, 4, true),
        String(r.baseline_steps),
        String(r.candidate_steps),
        pyFixed(r.steps_delta, 2, true),
    ].join(',');
}
function renderCsv(cmp) {
    const header = CSV_COLUMNS.join(',');
    return cmp.cases.length === 0 ? `${header}\n` : `${header}\n${joinLines(cmp.cases, csvLine)}\n`;
}

/** benchgate's own version, stamped into reports and normalized summaries. Keep in step with package.json (a test checks). */
const BENCHGATE_VERSION = '0.1.0';

function toJsonReport(cmp, version = BENCHGATE_VERSION) {
    const { rlm } = cmp;
    return {
        candidate_id: cmp.candidate.summary.id,
        baseline_id: cmp.baseline.summary.id,
        candidate_path: cmp.candidate.path,
        baseline_path: cmp.baseline.path,
        candidate_metrics: rlm.candidate_metrics,
        baseline_metrics: rlm.baseline_metrics,
        deltas: rlm.deltas,
        case_summary: rlm.case_summary,
        gates: rlm.gates,
        passed: rlm.passed,
        thresholds: cmp.thresholds,
        verdict: cmp.verdict,
        failed_gates: cmp.failed_gates,
        ...(cmp.comparability.differing.length === 0 ? {} : { comparability: cmp.comparability }),
        ...(cmp.cost.baseline.source === 'unknown' && cmp.cost.candidate.source === 'unknown' ? {} : { cost: cmp.cost }),
        ...(cmp.safety.policy_failures.length === 0 ? {} : { policy_failures: cmp.safety.policy_failures }),
        ...(cmp.slices.length === 0 ? {} : { slices: cmp.slices }),
        ...(cmp.head_to_head === undefined ? {} : { head_to_head: cmp.head_to_head }),
        ...(cmp.metric_gates.length === 0 ? {} : { metric_gates: cmp.metric_gates, failed_metric_gates: cmp.failed_metric_gates, undecided_metric_gates: cmp.undecided_metric_gates }),
        ...(cmp.significance === null ? {} : { decision: 'significant', undecided_gates: cmp.undecided_gates, significance: jsonSafe(cmp.significance) }),
        ...(cmp.sequential === undefined ? {} : { sequential: cmp.sequential }),
        findings: cmp.findings,
        differences: cmp.differences,
        usage: cmp.usage,
        cases: cmp.cases,
        benchgate: { version, summary_schema: SUMMARY_SCHEMA },
    };
}
function jsonSafe(s) {
    const finite = (x) => (Number.isFinite(x) ? x : null);
    const { confidence, alpha, method, patterns, seed, cases, cluster, trials, gates, declines } = s;
    return { confidence, alpha, method, patterns, seed, cases, cluster, trials, declines, gates: gates.map((g) => ({ ...g, lower: finite(g.lower), upper: finite(g.upper), threshold: finite(g.threshold) })) };
}
/** Rows per chunk of {@link renderJsonChunks}. */
const ROWS_PER_CHUNK = 1000;
const ROW_SEPARATOR = ',\n    ';
/**
 * The JSON report as text in pieces: indented like rlm-code's (2 spaces), except that each case row
 * is one line. The rows are most of the bytes on a large suite: one line each halves the file, keeps
 * it greppable, and lets a 100,000-case report be written in chunks instead of one 50 MB string.
 */
function* renderJsonChunks(cmp, version = BENCHGATE_VERSION) {
    const report = toJsonReport(cmp, version);
    const shell = JSON.stringify({ ...report, cases: [] }, null, 2);
    const marker = '\n  "cases": []';
    const at = shell.indexOf(marker);
    if (report.cases.length === 0 || at < 0) {
        yield `${JSON.stringify(report, null, 2)}\n`;
        return;
    }
    yield `${shell.slice(0, at)}\n  "cases": [`;
    for (let i = 0; i < report.cases.length; i += ROWS_PER_CHUNK) {
        const rows = report.cases.slice(i, i + ROWS_PER_CHUNK).map(caseRowJson);
        yield (i === 0 ? '\n    ' : ROW_SEPARATOR) + rows.join(ROW_SEPARATOR);
    }
    yield `\n  ]${shell.slice(at + marker.length)}\n`;
}
const str = (s) => (s === null ? 'null' : JSON.stringify(s));
/** The fixed text between a row's values, for each combination of the booleans it holds. */
const bit = (flags, b) => (flags & b) !== 0;
const HEADS = Array.from({ length: 16 }, (_, f) => `,"in_baseline":${bit(f, 1)},"in_candidate":${bit(f, 2)},"baseline_completed":${bit(f, 4)},"candidate_completed":${bit(f, 8)},"baseline_reward":`);
const MIDDLES = Array.from({ length: 4 }, (_, f) => `,"completion_regression":${bit(f, 1)},"reward_regression":${bit(f, 2)},"baseline_error":`);
const TAILS = Array.from({ length: 4 }, (_, f) => `,"baseline_guardrail_blocked":${bit(f, 1)},"candidate_guardrail_blocked":${bit(f, 2)}}`);
/**
 * `JSON.stringify(row)` for a case row, built directly from a few pieces (the booleans pick
 * prebuilt text): several times faster on 100,000 rows, and tested to be byte-identical. Numbers
 * in a row are always finite (the adapters reject others).
 */
function caseRowJson(r) {
    const head = (r.in_baseline ? 1 : 0) | (r.in_candidate ? 2 : 0) | (r.baseline_completed ? 4 : 0) | (r.candidate_completed ? 8 : 0);
    const middle = (r.completion_regression ? 1 : 0) | (r.reward_regression ? 2 : 0);
    const tail = (r.baseline_guardrail_blocked ? 1 : 0) | (r.candidate_guardrail_blocked ? 2 : 0);
    return (`{"case_id":${str(r.case_id)}${HEADS[head]}${r.baseline_reward},"candidate_reward":${r.candidate_reward}` +
        `,"reward_delta":${r.reward_delta},"baseline_steps":${r.baseline_steps},"candidate_steps":${r.candidate_steps}` +
        `,"steps_delta":${r.steps_delta}${MIDDLES[middle]}${str(r.baseline_error)},"candidate_error":${str(r.candidate_error)}` +
        TAILS[tail]);
}

/**
 * Markdown builders. Each does one thing; renderers push their output into line arrays.
 *
 * {@link untrusted} is the one function through which every string that comes from a summary, a file
 * name, a branch or a PR reaches markdown. It renders the value as a code span, because inside a code
 * span GitHub interprets nothing: no HTML, no emphasis, no links or autolinks, no @mentions or #refs.
 * What a code span cannot neutralize is handled here: backtick runs (a longer fence), line breaks
 * (they would end a table row or a list item), `|` in table cells, control and bidirectional
 * characters (which can make text read differently from what it is), and length.
 */
/** Characters replaced by U+FFFD: C0/C1 controls, DEL, bidi overrides/isolates/marks, line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Printable ASCII but for a backtick and `|`: nothing to replace, escape or fence specially. */
const PLAIN = /^[\x20-\x5f\x61-\x7b\x7d\x7e]+$/;
/** Renders an untrusted string safely as inline code. */
function untrusted(value, options = {}) {
    const max = options.maxLength ?? 200;
    // The common case (ids like `case_000123`) in one test: a plain string needs only the fence.
    if (value.length <= max && PLAIN.test(value) && !(value.startsWith(' ') && value.endsWith(' ')))
        return `\`${value}\``;
    let text = value.replace(/\r\n|[\r\n\t]/g, ' ').replace(UNSAFE, '\ufffd');
    const points = [...text];
    if (points.length > max)
        text = `${points.slice(0, max - 1).join('')}…`;
    if (text === '')
        return '*(empty)*';
    if (options.inTable)
        text = text.replace(/\|/g, '\\|');
    const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longestRun + 1);
    const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
    return `${fence}${pad}${text}${pad}${fence}`;
}
/** A GFM table. Cells must already be safe markdown (built with {@link untrusted} where needed). */
function table(header, align, rows) {
    const rule = align.map((a) => (a === 'right' ? '--:' : a === 'center' ? ':-:' : ':--'));
    const line = (cells) => `| ${cells.join(' | ')} |`;
    return [line(header), `|${rule.join('|')}|`, ...rows.map(line)];
}
/** A collapsed `<details>` block; the summary text must be trusted. Blank lines keep markdown working inside. */
function details(summary, body) {
    return [`<details><summary>${summary}</summary>`, '', ...body, '', '</details>'];
}
/** A task-list item. */
function checkbox(checked, text) {
    return `- [${checked ? 'x' : ' '}] ${text}`;
}

/** Compact threshold: shortest fixed form up to `digits`, signed: 0 → "+0", -0.05 → "−0.05". */
function compact(x, digits) {
    if (!Number.isFinite(x))
        return x > 0 ? '+∞' : '−∞';
    const s = signed(x, digits).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    return s;
}
const percent = (fraction) => `${pyFixed(fraction * 100, 1)}%`;
/** How the two sides are called in sentences: the one differing dimension's values, else generic. */
function sideNames(cmp) {
    const only = cmp.differences.length === 1 ? cmp.differences[0] : undefined;
    if (only) {
        return {
            baseline: only.baseline === null ? '*(none)*' : untrusted(only.baseline),
            candidate: only.candidate === null ? '*(none)*' : untrusted(only.candidate),
        };
    }
    return { baseline: 'the baseline', candidate: 'the candidate' };
}
/** One line per gate, in rlm-code's gate order. */
function gateLines(cmp) {
    const { deltas, gates, case_summary } = cmp.rlm;
    const t = cmp.thresholds;
    return [
        { gate: 'reward', label: 'Reward (mean)', checklist: 'Reward delta', change: deltaNearThreshold(deltas.avg_reward, t.min_reward_delta, 4), rule: `≥ ${compact(t.min_reward_delta, 4)}`, passed: gates.reward },
        { gate: 'completion', label: 'Completion rate', checklist: 'Completion delta', change: `${deltaNearThreshold(deltas.completion_rate, t.min_completion_delta, 1, 100)} pp`, rule: `≥ ${compact(t.min_completion_delta * 100, 2)} pp`, passed: gates.completion },
        { gate: 'steps', label: 'Steps (mean)', checklist: 'Steps increase', change: deltaNearThreshold(deltas.avg_steps_increase, t.max_steps_increase, 2), rule: `≤ ${compact(t.max_steps_increase, 4)}`, passed: gates.steps },
        { gate: 'completion_regressions', label: 'Completion regressions', checklist: 'Completion regressions', change: String(case_summary.completion_regressions), rule: t.fail_on_completion_regression ? '= 0' : 'not gated', passed: gates.completion_regressions },
    ];
}
const plural = (n, one, many) => (n === 1 ? one : many);
/** Why a failed gate failed, in one sentence. */
function gateReason(cmp, line) {
    const names = sideNames(cmp);
    switch (line.gate) {
        case 'reward':
            return `mean reward changed by ${line.change} (rule ${line.rule}).`;
        case 'completion':
            return `completion rate changed by ${line.change} (rule ${line.rule}).`;
        case 'steps':
            return `mean steps changed by ${line.change} (rule ${line.rule}).`;
        case 'completion_regressions': {
            const n = cmp.rlm.case_summary.completion_regressions;
            return `${n} ${plural(n, 'case', 'cases')} that completed with ${names.baseline} no longer ${plural(n, 'completes', 'complete')} with ${names.candidate}.`;
        }
    }
}
/** A leading minus as the true minus sign (U+2212). */
const trueMinus = (s) => (s.charCodeAt(0) === 0x2d ? `−${s.slice(1)}` : s);
/** Reward with rlm-code's markdown precision (3 dp). */
const reward3 = (x) => trueMinus(pyFixed(x, 3));
/** A mean reward as rlm-code stores it (4 dp). */
const reward4 = (x) => trueMinus(pyFixed(x, 4));
/** Case ids inline as code spans, at most `max` of them. */
function idList(ids, max = 20) {
    const shown = ids.slice(0, max).map((id) => untrusted(id, { maxLength: 80 }));
    return ids.length > max ? `${shown.join(', ')} … and ${ids.length - max} more` : shown.join(', ');
}

const LABEL = {
    reward: 'Reward (mean)',
    completion: 'Completion rate',
    steps: 'Steps (mean)',
    completion_regressions: 'Completion regressions',
};
const ICON$2 = { pass: '✅', fail: '❌', inconclusive: '❔' };
/** A value of a gate's scale: reward 4 dp, completion in percentage points, steps 2 dp. */
function change$1(gate, x) {
    if (!Number.isFinite(x))
        return x > 0 ? '+∞' : '−∞';
    if (gate === 'completion' || gate === 'completion_regressions')
        return `${signed(x * 100, 1)} pp`;
    return signed(x, gate === 'reward' ? 4 : 2);
}
function level$1(g, x) {
    if (x === null)
        return '';
    return g === 'completion' ? percent(x) : g === 'reward' ? reward4(x) : pyFixed(x, 2);
}
/**
 * A confidence level in percent, as a whole number (95, 99); a level that would round to 100 (the
 * nominal level of an early sequential round, 99.966) keeps the decimals that tell it from 100.
 */
function levelPercent(confidence) {
    const whole = Math.round(confidence * 100);
    if (whole < 100)
        return String(whole);
    const decimals = Math.min(12, Math.max(1, Math.ceil(-Math.log10(1 - confidence)) - 1));
    return (Math.floor(confidence * 100 * 10 ** decimals) / 10 ** decimals).toFixed(decimals);
}
/** A p-value as benchstat shows it: 3 significant places, "<0.001" below. */
function pValue(p) {
    if (p < 0.001)
        return 'p<0.001';
    return `p=${pyFixed(p, p < 0.01 ? 4 : 3).replace(/0+$/, '').replace(/\.$/, '')}`;
}
function rule$1(t) {
    if (t.gate === 'completion_regressions')
        return t.gated ? 'no more cases worse than better' : 'not gated';
    const op = t.direction === 'at_least' ? '≥' : '≤';
    return t.gate === 'completion' ? `${op} ${compact(t.threshold * 100, 2)} pp` : `${op} ${compact(t.threshold, 4)}`;
}
function bounds(t) {
    if (t.gate === 'completion_regressions')
        return '';
    return `${change$1(t.gate, t.lower)} … ${change$1(t.gate, t.upper)}`;
}
function changeCell(t) {
    if (t.gate === 'completion_regressions') {
        const shown = `${t.regressed ?? 0} worse, ${t.improved ?? 0} better`;
        return t.significant ? shown : `~ (${shown})`;
    }
    const shown = change$1(t.gate, t.estimate);
    return t.significant ? shown : `~ (${shown})`;
}
function significanceTable(s) {
    const pct = levelPercent(s.confidence);
    const rows = s.gates.map((t) => [LABEL[t.gate], level$1(t.gate, t.baseline), level$1(t.gate, t.candidate), changeCell(t), bounds(t), pValue(t.p_change), rule$1(t), ICON$2[t.status]]);
    return table(['Gate', 'Baseline', 'Candidate', 'Change', `${pct}% bounds`, 'p', 'Rule', ''], ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'center'], rows);
}
/** How the evidence was tested, in one line under the table. */
function methodLine(s) {
    const pct = levelPercent(s.confidence);
    const trials = s.trials.baseline === 1 && s.trials.candidate === 1 ? 'one trial per side' : `${s.trials.baseline} baseline and ${s.trials.candidate} candidate trials`;
    const flips = s.method === 'exact' ? `all ${grouped(s.patterns)} sign patterns` : `${grouped(s.patterns - 1)} seeded sign patterns`;
    return (`<sub>Paired over ${grouped(s.cases)} cases (${trials}), ${s.cluster.note}; sign-flip randomization test over ${flips}. ` +
        `A gate fails when the data show it violated at ${pct}% confidence (adjusted across gates), passes when they show it holds, else it is undecided (❔). ` +
        `~: the change is not significant (p = two-sided, change ≠ 0).</sub>`);
}
/** A gate's name in a sentence. */
const lower = (g) => LABEL[g].replace(/ \(mean\)$/, '').toLowerCase();
/** Why a failed gate failed, in one sentence. */
function failSentence(t, s) {
    const pct = levelPercent(s.confidence);
    if (t.gate === 'completion_regressions') {
        return `${t.regressed ?? 0} cases got worse and ${t.improved ?? 0} better: more worse than better beyond chance (adjusted ${pValue(t.p_violated_adjusted)}).`;
    }
    const bound = t.direction === 'at_least' ? `at best ${change$1(t.gate, t.upper)}` : `at least ${change$1(t.gate, t.lower)}`;
    const name = lower(t.gate);
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} changed by ${change$1(t.gate, t.estimate)}, ${bound} at ${pct}% confidence (rule ${rule$1(t)}; adjusted ${pValue(t.p_violated_adjusted)}).`;
}
/** An undecided gate in a few words: its change, its range, what would decide it. */
function undecidedPart(t, s) {
    const unit = s.cluster.field === null ? 'cases' : `${s.cluster.field} clusters`;
    const est = t.gate === 'completion_regressions' ? `${t.regressed ?? 0} worse, ${t.improved ?? 0} better` : `${change$1(t.gate, t.estimate)}, could be ${change$1(t.gate, t.lower)} to ${change$1(t.gate, t.upper)}`;
    let decide;
    if (t.units_needed === null)
        decide = 'on the threshold';
    else if (t.units_needed > 100 * s.cluster.units)
        decide = `would take over 100 times the ${unit}`;
    else
        decide = `about ${grouped(t.units_needed)} ${unit} would decide it`;
    return `${lower(t.gate)} (${est}; ${decide})`;
}
/** The smallest detectable distances from the thresholds, for the gates that have one. */
function detectable(gates) {
    const parts = gates.filter((t) => t.minimum_detectable !== null && t.gate !== 'completion_regressions').map((t) => `${change$1(t.gate, t.minimum_detectable).replace(/^\+/, '')} in ${lower(t.gate)}`);
    return parts.length === 0 ? '' : ` With 80% power this suite detects a distance from the threshold of ${parts.join(', ')}.`;
}
/** The reason lines of a significant comparison, as the report's second paragraph. */
function significanceReasons(cmp, s) {
    const pct = levelPercent(s.confidence);
    const failed = s.gates.filter((g) => g.status === 'fail');
    const undecided = s.gates.filter((g) => g.status === 'inconclusive');
    const out = [];
    if (failed.length > 0)
        out.push(`**${failed.length} of 4 gates failed at ${pct}% confidence:** ${failed.map((g) => failSentence(g, s)).join(' ')}`);
    if (undecided.length > 0) {
        const onThreshold = undecided.some((t) => t.units_needed === null);
        const hint = onThreshold ? ' A gate on its threshold is decided only by a real difference or by a tolerance, such as a completion delta of −0.05.' : '';
        out.push(`**${undecided.length} of 4 gates undecided at ${pct}% confidence:** ${undecided.map((t) => undecidedPart(t, s)).join(', ')}.${detectable(undecided)}${hint}`);
    }
    if (failed.length === 0 && undecided.length === 0)
        out.push(`**All 4 gates shown to hold at ${pct}% confidence.**`);
    const blocking = cmp.blocking_findings;
    if (blocking.length > 0) {
        const word = blocking.length === 1 ? 'finding holds' : 'findings hold';
        out.push(`**${blocking.length} integrity ${word} the verdict:** ${blocking.map((f) => f.message).join(' ')}`);
    }
    return [out.join('<br>\n')];
}
/** Cases whose success rate fell across trials, with pass@k and pass^k; "~" when within the case's noise. */
function declinesTable(s, cell) {
    if (s.declines.length === 0)
        return [];
    const rate = (x) => `${x.successes}/${x.trials}`;
    const two = (x) => pyFixed(x, 2);
    const rows = s.declines.map((d) => [
        cell(d.case_id),
        rate(d.baseline),
        rate(d.candidate),
        `${two(d.baseline.pass_at_k)} → ${two(d.candidate.pass_at_k)}`,
        `${two(d.baseline.pass_hat_k)} → ${two(d.candidate.pass_hat_k)}`,
        d.within_noise ? `~ (${pValue(d.p)})` : pValue(d.p),
    ]);
    const noisy = s.declines.filter((d) => d.within_noise).length;
    return [
        `**Cases that completed less often** (${s.declines.length}; ${noisy} within their own noise, marked ~)`,
        '',
        ...table(['Case', 'Baseline', 'Candidate', 'pass@k', 'pass^k', 'Fisher p'], ['left', 'right', 'right', 'right', 'right', 'right'], rows),
        '',
    ];
}

const cell = (id) => untrusted(id, { inTable: true, maxLength: 80 });
function outcome(completed, error, blocked) {
    if (error !== null)
        return `❌ error: ${untrusted(error, { inTable: true, maxLength: 120 })}`;
    if (completed)
        return '✅ completed';
    return blocked ? '❌ guardrail blocked' : '❌ not completed';
}
function regressedTable(rows) {
    return table(['Case', 'Baseline', 'Candidate', 'Reward', 'Steps'], ['left', 'left', 'left', 'right', 'right'], rows.map((r) => [
        cell(r.case_id),
        outcome(r.baseline_completed, r.baseline_error, r.baseline_guardrail_blocked),
        outcome(r.candidate_completed, r.candidate_error, r.candidate_guardrail_blocked),
        `${reward3(r.baseline_reward)} → ${reward3(r.candidate_reward)}`,
        `${r.baseline_steps} → ${r.candidate_steps}`,
    ]));
}
function missingAndNew(cmp) {
    const missing = cmp.cases.filter((r) => r.in_baseline && !r.in_candidate).map((r) => r.case_id);
    const added = cmp.cases.filter((r) => !r.in_baseline && r.in_candidate).map((r) => r.case_id);
    const out = [];
    if (missing.length > 0)
        out.push(`**Missing from the candidate (${missing.length}):** ${idList(missing, 50)}`, '');
    if (added.length > 0)
        out.push(`**New in the candidate, not compared (${added.length}):** ${idList(added, 50)}`, '');
    return out;
}
/** Regressed cases, reward-only regressions (folded), missing and new cases. */
function caseSections(cmp) {
    const out = [];
    const regressed = cmp.cases.filter((r) => r.completion_regression);
    const sig = cmp.significance;
    if (sig !== null && sig.declines.length > 0) {
        out.push(...declinesTable(sig, cell));
    }
    else if (regressed.length > 0) {
        // Under significant with one trial, a single flip is not evidence on its own: the gates judge them together.
        const title = sig === null ? '**Regressed cases**' : '**Cases completed by the baseline only** (one run per side: each alone may be noise; the gates above judge them together)';
        out.push(title, '', ...regressedTable(regressed), '');
    }
    const rewardOnly = cmp.cases.filter((r) => r.reward_regression && !r.completion_regression);
    if (rewardOnly.length > 0) {
        const body = table(['Case', 'Reward', 'Change'], ['left', 'right', 'right'], rewardOnly.map((r) => [cell(r.case_id), `${reward3(r.baseline_reward)} → ${reward3(r.candidate_reward)}`, signed(r.reward_delta, 3)]));
        out.push(...details(`Lower reward, still completed (${rewardOnly.length}, not gated)`, body), '');
    }
    return [...out, ...missingAndNew(cmp)];
}
function change(b, c) {
    if (b === c)
        return '0';
    if (b === 0)
        return c > 0 ? `+${grouped(c)}` : grouped(c);
    return `${signed(((c - b) / b) * 100, 1)}%`;
}
/** Seconds for display: one decimal from 1 s up, milliseconds below (tool-call suites run fast). */
function duration(seconds, withSign = false) {
    if (seconds === 0)
        return '0 s';
    const ms = Math.abs(seconds) < 1;
    const value = ms ? seconds * 1000 : seconds;
    return `${withSign ? signed(value, 1) : pyFixed(value, 1)} ${ms ? 'ms' : 's'}`;
}
function latency(u) {
    const l = u.latency_seconds;
    return l ? `${duration(l.p50)} / ${duration(l.p95)}` : 'n/a';
}
function latencyChange(b, c) {
    const lb = b.latency_seconds;
    const lc = c.latency_seconds;
    if (!lb || !lc)
        return '';
    return `${duration(lc.p50 - lb.p50, true)} / ${duration(lc.p95 - lb.p95, true)}`;
}
/** USD with its pricing source; an unknown cost reads "unknown", never $0. */
function usd(c) {
    if (c.total === null)
        return 'unknown';
    return `$${pyFixed(c.total, c.total >= 100 ? 2 : 4)} (${c.source})`;
}
/** The cost row, when at least one run's cost is known. */
function costRow(cmp) {
    const { baseline: b, candidate: c } = cmp.cost;
    if (b.total === null && c.total === null)
        return null;
    return ['Cost (USD)', usd(b), usd(c), b.total !== null && c.total !== null ? change(b.total, c.total) : ''];
}
/** Usage, latency and safety, folded. */
function usageSection(cmp) {
    const b = cmp.usage.baseline;
    const c = cmp.usage.candidate;
    const rows = [
        ['LLM calls', grouped(b.total_calls), grouped(c.total_calls), change(b.total_calls, c.total_calls)],
        ['Prompt tokens', grouped(b.prompt_tokens), grouped(c.prompt_tokens), change(b.prompt_tokens, c.prompt_tokens)],
        ['Completion tokens', grouped(b.completion_tokens), grouped(c.completion_tokens), change(b.completion_tokens, c.completion_tokens)],
        ['Latency p50 / p95', latency(b), latency(c), latencyChange(b, c)],
        ['Guardrail blocked', String(b.guardrail_blocked), String(c.guardrail_blocked), signed(c.guardrail_blocked - b.guardrail_blocked, 0)],
    ];
    if (b.mcp_tool_calls !== null || c.mcp_tool_calls !== null) {
        const bm = b.mcp_tool_calls ?? 0;
        const cm = c.mcp_tool_calls ?? 0;
        rows.push(['MCP tool calls', grouped(bm), grouped(cm), signed(cm - bm, 0)]);
    }
    rows.push(['Cases with errors', String(b.errors), String(c.errors), signed(c.errors - b.errors, 0)]);
    const cost = costRow(cmp);
    if (cost)
        rows.push(cost);
    return details('Usage, latency and safety', table(['', 'Baseline', 'Candidate', 'Change'], ['left', 'right', 'right', 'right'], rows));
}
function side(completed, error, present, reward) {
    if (!present)
        return '—';
    const mark = error !== null ? '💥' : completed ? '✅' : '❌';
    return `${mark} ${reward3(reward)}`;
}
function allCasesLine(r) {
    const both = r.in_baseline && r.in_candidate;
    const b = side(r.baseline_completed, r.baseline_error, r.in_baseline, r.baseline_reward);
    const c = side(r.candidate_completed, r.candidate_error, r.in_candidate, r.candidate_reward);
    return `| ${cell(r.case_id)} | ${b} | ${c} | ${both ? signed(r.reward_delta, 3) : ''} | ${both ? signed(r.steps_delta, 0) : ''} |`;
}
/**
 * Every case, folded. The table's rows come as one string of lines (see {@link joinLines}): 100,000
 * array items would also be copied by every spread on their way into the report.
 */
function allCasesSection(cmp) {
    const body = [
        '✅ completed · ❌ not completed · 💥 error · — absent; the number is the reward.',
        '',
        ...table(['Case', 'Baseline', 'Candidate', 'Reward Δ', 'Steps Δ'], ['left', 'center', 'center', 'right', 'right'], []),
    ];
    if (cmp.cases.length > 0)
        body.push(joinLines(cmp.cases, allCasesLine));
    return details(`All ${cmp.cases.length} cases`, body);
}
/** The CodeMode promotion protocol's release-decision checklist. */
function releaseChecklist(cmp) {
    const gates = gateLines(cmp);
    const names = sideNames(cmp);
    const b = cmp.usage.baseline.guardrail_blocked;
    const c = cmp.usage.candidate.guardrail_blocked;
    const blocking = cmp.blocking_findings.length;
    const items = [
        checkbox(true, `Baseline benchmark: ${untrusted(cmp.baseline.summary.id)} (${untrusted(cmp.baseline.path)})`),
        checkbox(true, `Candidate benchmark: ${untrusted(cmp.candidate.summary.id)} (${untrusted(cmp.candidate.path)})`),
        ...gates.map((l) => checkbox(l.passed, `${l.checklist}: ${l.change} (${l.rule})`)),
        checkbox(c <= b, `Guardrail blocked: ${c} (baseline ${b})${c > b ? ' — explain or fix' : ''}`),
        checkbox(blocking === 0, `Integrity findings that hold: ${blocking}`),
        cmp.verdict === 'promote'
            ? `- **Decision: promote**: ${names.candidate} may replace ${names.baseline} as the default.`
            : cmp.verdict === 'inconclusive'
                ? `- **Decision: inconclusive**: keep ${names.baseline} as the default until more cases or trials decide; ${names.candidate} stays opt-in.`
                : `- **Decision: hold**: keep ${names.baseline} as the default; ${names.candidate} stays opt-in.`,
    ];
    return details('Release decision', items);
}

const ICON$1 = { pass: '✅', fail: '❌', inconclusive: '❔' };
/** A value with up to 4 significant decimals, for metrics of any scale (tokens, seconds, counts). */
function value$1(x) {
    if (x === null)
        return '*(unknown)*';
    const digits = Math.abs(x) >= 100 ? 1 : Math.abs(x) >= 1 ? 2 : 4;
    return pyFixed(x, digits).replace(/^-/, '−');
}
function changeOf(g) {
    if (g.change === null)
        return '';
    const rel = g.baseline !== null && g.baseline !== 0 ? ` (${signed((g.change / Math.abs(g.baseline)) * 100, 1)}%)` : '';
    const abs = Math.abs(g.change) >= 100 ? 1 : Math.abs(g.change) >= 1 ? 2 : 4;
    return `${signed(g.change, abs)}${rel}`;
}
function rule(g) {
    const worse = g.direction === 'lower' ? 'rise' : 'fall';
    if (Number(g.tolerance.replace(/%$/, '')) === 0)
        return `may not ${worse}`;
    const tol = /%$/.test(g.tolerance) ? g.tolerance : value$1(Number(g.tolerance));
    return `may ${worse} by ≤ ${tol}`;
}
function basis(g) {
    if (g.basis === 'paired')
        return `paired, ${pValue(g.p_violated ?? 1)} worse`;
    if (g.basis === 'unknown')
        return 'a run does not record it';
    return 'run values';
}
function metricGatesTable(cmp) {
    if (cmp.metric_gates.length === 0)
        return [];
    // A field's name comes from the configuration, not from benchgate: escaped like any outside string.
    const name = (g) => (g.field ? `${untrusted(g.metric, { inTable: true, maxLength: 80 })} (field)` : `\`${g.metric}\``);
    const rows = cmp.metric_gates.map((g) => [name(g), g.level, value$1(g.baseline), value$1(g.candidate), changeOf(g), rule(g), basis(g), ICON$1[g.status]]);
    return ['**Gates of the configuration**', '', ...table(['Metric', 'Level', 'Baseline', 'Candidate', 'Change', 'Rule', 'Judged on', ''], ['left', 'left', 'right', 'right', 'right', 'left', 'left', 'center'], rows), ''];
}
/** The reason line for the configuration's required gates that failed or are undecided, or none. */
function metricGatesReason(cmp) {
    const out = [];
    // Slice names carry a group label from the summary: escaped like every untrusted string.
    const names = (xs) => xs.map((m) => untrusted(m, { maxLength: 120 })).join(', ');
    if (cmp.failed_metric_gates.length > 0)
        out.push(`**Required gates of the configuration failed:** ${names(cmp.failed_metric_gates)} (table below).`);
    if (cmp.undecided_metric_gates.length > 0)
        out.push(`**Required gates of the configuration undecided:** ${names(cmp.undecided_metric_gates)}.`);
    return out;
}
/** One row per group of each slice gate; groups under the minimum size are shown, not judged. */
function slicesTable(cmp) {
    if (cmp.slices.length === 0)
        return [];
    const shown = (metric, x) => (metric === 'completion_rate' ? `${pyFixed(x * 100, 1)}%` : value$1(x));
    const delta = (metric, x) => (metric === 'completion_rate' ? `${signed(x * 100, 1)} pp` : signed(x, Math.abs(x) >= 1 ? 2 : 4));
    const rows = cmp.slices.map((x) => [
        `${untrusted(x.by, { inTable: true, maxLength: 80 })} = ${x.group === null ? '*(none)*' : untrusted(x.group, { inTable: true, maxLength: 80 })}`,
        `\`${x.metric}\``,
        x.level,
        String(x.cases),
        shown(x.metric, x.baseline),
        shown(x.metric, x.candidate),
        delta(x.metric, x.change),
        x.judged ? `worse by ≤ ${delta(x.metric, x.allowance).replace(/^\+/, '')}` : 'too few cases: not judged',
        x.judged ? ICON$1[x.status] : '—',
    ]);
    return ['**Slices**', '', ...table(['Group', 'Metric', 'Level', 'Cases', 'Baseline', 'Candidate', 'Change', 'Rule', ''], ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'left', 'center'], rows), ''];
}

/** A small probability in 2 significant digits: 0.00034, 5.7e-10. */
function level(p) {
    return p >= 1e-4 ? String(Number(p.toPrecision(2))) : p.toExponential(1);
}
function status(s) {
    const per = (runs) => `${runs} runs (${runs / 2} per side)`;
    if (s.reason === 'decided') {
        const share = Math.round((100 * s.runs.saved) / s.runs.fixed);
        return `**Stop: decided after round ${s.rounds} of at most ${s.max_rounds}.** Spent ${per(s.runs.spent)}; the fixed design of ${s.max_rounds} trials per side spends ${s.runs.fixed}: ${s.runs.saved} runs saved (${share}%).`;
    }
    if (s.reason === 'max-trials') {
        return `**Stop: undecided at the maximum of ${s.max_rounds} rounds.** Spent ${per(s.runs.spent)}, as the fixed design would; more trials now would break the error guarantee, so the verdict stays inconclusive.`;
    }
    const more = s.more_rounds === null
        ? `on the current estimates no decision is in sight within ${s.max_rounds} rounds`
        : `on the current estimates about ${s.more_rounds} more round${s.more_rounds === 1 ? '' : 's'} would decide (at most ${s.max_rounds - s.rounds} remain)`;
    return `**Continue: undecided after round ${s.rounds} of at most ${s.max_rounds}; run another round** (one more trial of each side, exit code 3 until then): ${more}. Spent so far ${per(s.runs.spent)} of the fixed design's ${s.runs.fixed}.`;
}
function sequentialSection(cmp) {
    const s = cmp.sequential;
    if (s === undefined)
        return [];
    const levels = s.looks.map((l) => `${l.round}: ${level(l.nominal)}`).join(', ');
    return [
        '**Sequential trials**',
        '',
        status(s),
        '',
        `Round ${s.rounds}'s gates are judged at a one-sided level of ${level(s.nominal_alpha)} (${levelPercent(1 - s.nominal_alpha)}% confidence), so that deciding after every round and stopping at the first hold or promote keeps each overall error (a false hold, a false promote) within ${level(1 - s.confidence)}, as the fixed design at ${levelPercent(s.confidence)}% confidence does (${s.method}, Lan & DeMets 1983). Levels by round: ${levels}.`,
        '',
    ];
}

function headline(cmp, level) {
    const names = sideNames(cmp);
    const generic = cmp.differences.length !== 1;
    const cand = generic ? `candidate ${untrusted(cmp.candidate.summary.id)}` : names.candidate;
    const base = generic ? `baseline ${untrusted(cmp.baseline.summary.id)}` : names.baseline;
    const b = cmp.baseline.summary.run.preset;
    const on = b !== null && b === cmp.candidate.summary.run.preset ? ` on ${untrusted(b)}` : '';
    const hashes = '#'.repeat(level);
    if (cmp.blocking_findings.some((f) => f.code === 'not-comparable'))
        return `${hashes} ⛔ Not comparable: ${cand} cannot be judged against ${base}${on}: keys that must be equal differ`;
    if (cmp.verdict === 'inconclusive')
        return `${hashes} ❔ Inconclusive: the evidence cannot yet tell whether ${cand} may replace ${base}${on}`;
    return cmp.verdict === 'promote'
        ? `${hashes} ✅ Promote: ${cand} may replace ${base}${on}`
        : `${hashes} ❌ Hold: ${cand} is not ready to replace ${base}${on}`;
}
function reasonLines(cmp) {
    if (cmp.significance !== null)
        return significanceReasons(cmp, cmp.significance);
    const lines = gateLines(cmp);
    const failed = lines.filter((l) => !l.passed);
    const out = [];
    if (failed.length === 0)
        out.push(`**All ${lines.length} gates passed.**`);
    else
        out.push(`**${failed.length} of ${lines.length} gates failed:** ${failed.map((l) => gateReason(cmp, l)).join(' ')}`);
    const blocking = cmp.blocking_findings;
    if (blocking.length > 0) {
        const s = blocking.length === 1 ? 'finding holds' : 'findings hold';
        out.push(`**${blocking.length} integrity ${s} the verdict:** ${blocking.map((f) => f.message).join(' ')}`);
    }
    else if (cmp.verdict === 'hold') {
        out.push('No integrity finding blocks.');
    }
    return [out.join('<br>\n')];
}
/** The reason paragraph with the configuration's gates appended, as more `<br>` lines. */
function withMetricReasons(reasons, extra) {
    if (extra.length === 0)
        return reasons;
    return [[...reasons, ...extra].join('<br>\n')];
}
function comparedLine(cmp) {
    const b = cmp.baseline.summary;
    const c = cmp.candidate.summary;
    const parts = cmp.differences.map((d) => `${d.label} ${d.baseline === null ? '*(none)*' : untrusted(d.baseline)} → ${d.candidate === null ? '*(none)*' : untrusted(d.candidate)}`);
    if (parts.length === 0)
        parts.push('nothing differs in mode, harness strategy, MCP server or model');
    const same = [];
    if (b.run.preset !== null && b.run.preset === c.run.preset)
        same.push(`preset ${untrusted(b.run.preset)}`);
    else if (b.run.preset !== null || c.run.preset !== null)
        same.push(`preset ${b.run.preset === null ? '*(none)*' : untrusted(b.run.preset)} → ${c.run.preset === null ? '*(none)*' : untrusted(c.run.preset)}`);
    const [bn, cn] = [caseCount(b), caseCount(c)];
    same.push(bn === cn ? `${bn} cases` : `${bn} → ${cn} cases`);
    const model = cmp.differences.some((d) => d.dimension === 'model') ? null : (b.run.model ?? null);
    if (model !== null)
        same.push(`model ${untrusted(model)}`);
    const server = cmp.differences.some((d) => d.dimension === 'mcp_server') ? null : b.run.mcp_server;
    if (server !== null)
        same.push(`MCP server ${untrusted(server)}`);
    return `Compared: ${parts.join(', ')} · ${same.join(', ')}`;
}
function gateTable(cmp) {
    if (cmp.significance !== null)
        return [...significanceTable(cmp.significance), '', methodLine(cmp.significance)];
    const { baseline_metrics: bm, candidate_metrics: cm, case_summary } = cmp.rlm;
    const values = {
        reward: [reward4(bm.avg_reward), reward4(cm.avg_reward)],
        completion: [percent(bm.completion_rate), percent(cm.completion_rate)],
        steps: [pyFixed(bm.avg_steps, 2), pyFixed(cm.avg_steps, 2)],
        completion_regressions: ['', ''],
    };
    const rows = gateLines(cmp).map((l) => {
        const [base, cand] = values[l.gate] ?? ['', ''];
        const change = l.gate === 'completion_regressions' ? `**${l.change}**` : l.change;
        return [l.label, base, cand, change, l.rule, l.passed ? '✅' : '❌'];
    });
    rows.push(['Reward regressions', '', '', String(case_summary.reward_regressions), 'not gated', 'ℹ️']);
    return table(['Gate', 'Baseline', 'Candidate', 'Change', 'Rule', ''], ['left', 'right', 'right', 'right', 'left', 'center'], rows);
}
/** The fingerprint keys that differ, with both values (untrusted: escaped) and whether they may. */
function fingerprintSection(cmp) {
    const d = cmp.comparability.differing;
    if (d.length === 0)
        return [];
    const value = (v) => (v === null ? '*(none)*' : untrusted(v, { inTable: true, maxLength: 120 }));
    const rows = d.map((k) => [`\`${k.key}\``, value(k.baseline), value(k.candidate), k.allowed ? 'allowed to differ' : '⛔ must be equal']);
    return ['**Fingerprint**', '', ...table(['Key', 'Baseline', 'Candidate', ''], ['left', 'left', 'left', 'left'], rows), ''];
}
const ICON = { error: '🛑', warning: '⚠️', notice: 'ℹ️' };
function findingLine(f) {
    const allowed = f.severity === 'error' && !f.blocking ? ' (allowed, does not hold)' : '';
    const cases = f.case_ids.length > 0 ? ` Cases: ${idList(f.case_ids)}` : '';
    return `- ${ICON[f.severity]} \`${f.code}\`${allowed}: ${f.message}${cases}`;
}
function findingsSection(cmp) {
    if (cmp.findings.length === 0)
        return [];
    return ['**Findings**', '', ...cmp.findings.map(findingLine), '', ...policySection(cmp)];
}
/** Cases whose errors match a policy pattern, with the configuration's explanation when it has one. */
function policySection(cmp) {
    const f = cmp.safety.policy_failures;
    if (f.length === 0)
        return [];
    const rows = f.map((x) => [
        untrusted(x.case_id, { inTable: true, maxLength: 80 }),
        x.side,
        untrusted(x.error, { inTable: true, maxLength: 160 }),
        untrusted(x.pattern, { inTable: true, maxLength: 80 }),
        x.explained === null ? '🛑 unexplained' : `explained: ${untrusted(x.explained, { inTable: true, maxLength: 200 })}`,
    ]);
    return ['**Policy failures**', '', ...table(['Case', 'Run', 'Error', 'Pattern', ''], ['left', 'left', 'left', 'left', 'left'], rows), ''];
}
function footer$1(cmp, version) {
    const b = untrusted(cmp.baseline.summary.id);
    const c = untrusted(cmp.candidate.summary.id);
    const how = cmp.significance === null ? 'rlm-code-compatible gates' : `rlm-code's gates judged on paired evidence at ${levelPercent(cmp.significance.confidence)}% confidence`;
    return `<sub>benchgate ${version} · ${how} · baseline ${b} vs candidate ${c}</sub>`;
}
/** The head-to-head on reward, for formats that have one (multi-hop QA: F1 per example). */
function headToHeadLine(cmp) {
    const h = cmp.head_to_head;
    if (h === undefined)
        return [];
    return [`**Head to head** on reward over ${h.common} common cases: the candidate wins ${h.wins}, loses ${h.losses}, ties ${h.ties} (win rate ${pyFixed(h.win_rate * 100, 1)}%, ties counted half).`, ''];
}
/** Renders the markdown report, in full unless `options.detail` says less. */
function renderMarkdown(cmp, options = {}) {
    const detail = options.detail ?? 'full';
    const lines = [
        headline(cmp, options.headingLevel ?? 3),
        '',
        ...withMetricReasons(reasonLines(cmp), metricGatesReason(cmp)),
        '',
        comparedLine(cmp),
        '',
        ...fingerprintSection(cmp),
        ...gateTable(cmp),
        '',
        ...sequentialSection(cmp),
        ...headToHeadLine(cmp),
        ...metricGatesTable(cmp),
        ...slicesTable(cmp),
        ...(detail === 'verdict' ? [] : caseSections(cmp)),
        ...findingsSection(cmp),
        ...(detail === 'verdict' ? [] : [...usageSection(cmp), '']),
        ...(detail === 'full' ? [...allCasesSection(cmp), ''] : []),
        ...releaseChecklist(cmp),
        '',
        footer$1(cmp, options.version ?? BENCHGATE_VERSION),
    ];
    return `${lines.join('\n')}\n`;
}

const ALIAS = Symbol.for('yaml.alias');
const DOC = Symbol.for('yaml.document');
const MAP = Symbol.for('yaml.map');
const PAIR = Symbol.for('yaml.pair');
const SCALAR$1 = Symbol.for('yaml.scalar');
const SEQ = Symbol.for('yaml.seq');
const NODE_TYPE = Symbol.for('yaml.node.type');
const isAlias = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === ALIAS;
const isDocument = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === DOC;
const isMap = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === MAP;
const isPair = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === PAIR;
const isScalar = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SCALAR$1;
const isSeq = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SEQ;
function isCollection(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case MAP:
            case SEQ:
                return true;
        }
    return false;
}
function isNode(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case ALIAS:
            case MAP:
            case SCALAR$1:
            case SEQ:
                return true;
        }
    return false;
}
const hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;

const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove node');
/**
 * Apply a visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
function visit(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        visit_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current node */
visit.SKIP = SKIP;
/** Remove the current node */
visit.REMOVE = REMOVE;
function visit_(key, node, visitor, path) {
    const ctrl = callVisitor(key, node, visitor, path);
    if (isNode(ctrl) || isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = visit_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = visit_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = visit_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
function initVisitor(visitor) {
    if (typeof visitor === 'object' &&
        (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
            Alias: visitor.Node,
            Map: visitor.Node,
            Scalar: visitor.Node,
            Seq: visitor.Node
        }, visitor.Value && {
            Map: visitor.Value,
            Scalar: visitor.Value,
            Seq: visitor.Value
        }, visitor.Collection && {
            Map: visitor.Collection,
            Seq: visitor.Collection
        }, visitor);
    }
    return visitor;
}
function callVisitor(key, node, visitor, path) {
    if (typeof visitor === 'function')
        return visitor(key, node, path);
    if (isMap(node))
        return visitor.Map?.(key, node, path);
    if (isSeq(node))
        return visitor.Seq?.(key, node, path);
    if (isPair(node))
        return visitor.Pair?.(key, node, path);
    if (isScalar(node))
        return visitor.Scalar?.(key, node, path);
    if (isAlias(node))
        return visitor.Alias?.(key, node, path);
    return undefined;
}
function replaceNode(key, path, node) {
    const parent = path[path.length - 1];
    if (isCollection(parent)) {
        parent.items[key] = node;
    }
    else if (isPair(parent)) {
        if (key === 'key')
            parent.key = node;
        else
            parent.value = node;
    }
    else if (isDocument(parent)) {
        parent.contents = node;
    }
    else {
        const pt = isAlias(parent) ? 'alias' : 'scalar';
        throw new Error(`Cannot replace node with ${pt} parent`);
    }
}

const escapeChars = {
    '!': '%21',
    ',': '%2C',
    '[': '%5B',
    ']': '%5D',
    '{': '%7B',
    '}': '%7D'
};
const escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, ch => escapeChars[ch]);
class Directives {
    constructor(yaml, tags) {
        /**
         * The directives-end/doc-start marker `---`. If `null`, a marker may still be
         * included in the document's stringified representation.
         */
        this.docStart = null;
        /** The doc-end marker `...`.  */
        this.docEnd = false;
        this.yaml = Object.assign({}, Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, Directives.defaultTags, tags);
    }
    clone() {
        const copy = new Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
    }
    /**
     * During parsing, get a Directives instance for the current document and
     * update the stream state according to the current version's spec.
     */
    atDocument() {
        const res = new Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
            case '1.1':
                this.atNextDocument = true;
                break;
            case '1.2':
                this.atNextDocument = false;
                this.yaml = {
                    explicit: Directives.defaultYaml.explicit,
                    version: '1.2'
                };
                this.tags = Object.assign({}, Directives.defaultTags);
                break;
        }
        return res;
    }
    /**
     * @param onError - May be called even if the action was successful
     * @returns `true` on success
     */
    add(line, onError) {
        if (this.atNextDocument) {
            this.yaml = { explicit: Directives.defaultYaml.explicit, version: '1.1' };
            this.tags = Object.assign({}, Directives.defaultTags);
            this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
            case '%TAG': {
                if (parts.length !== 2) {
                    onError(0, '%TAG directive should contain exactly two parts');
                    if (parts.length < 2)
                        return false;
                }
                const [handle, prefix] = parts;
                this.tags[handle] = prefix;
                return true;
            }
            case '%YAML': {
                this.yaml.explicit = true;
                if (parts.length !== 1) {
                    onError(0, '%YAML directive should contain exactly one part');
                    return false;
                }
                const [version] = parts;
                if (version === '1.1' || version === '1.2') {
                    this.yaml.version = version;
                    return true;
                }
                else {
                    const isValid = /^\d+\.\d+$/.test(version);
                    onError(6, `Unsupported YAML version ${version}`, isValid);
                    return false;
                }
            }
            default:
                onError(0, `Unknown directive ${name}`, true);
                return false;
        }
    }
    /**
     * Resolves a tag, matching handles to those defined in %TAG directives.
     *
     * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
     *   `'!local'` tag, or `null` if unresolvable.
     */
    tagName(source, onError) {
        if (source === '!')
            return '!'; // non-specific tag
        if (source[0] !== '!') {
            onError(`Not a valid tag: ${source}`);
            return null;
        }
        if (source[1] === '<') {
            const verbatim = source.slice(2, -1);
            if (verbatim === '!' || verbatim === '!!') {
                onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
                return null;
            }
            if (source[source.length - 1] !== '>')
                onError('Verbatim tags must end with a >');
            return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
            onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
            try {
                return prefix + decodeURIComponent(suffix);
            }
            catch (error) {
                onError(String(error));
                return null;
            }
        }
        if (handle === '!')
            return source; // local tag
        onError(`Could not resolve tag: ${source}`);
        return null;
    }
    /**
     * Given a fully resolved tag, returns its printable string form,
     * taking into account current tag prefixes and defaults.
     */
    tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
            if (tag.startsWith(prefix))
                return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === '!' ? tag : `!<${tag}>`;
    }
    toString(doc) {
        const lines = this.yaml.explicit
            ? [`%YAML ${this.yaml.version || '1.2'}`]
            : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && isNode(doc.contents)) {
            const tags = {};
            visit(doc.contents, (_key, node) => {
                if (isNode(node) && node.tag)
                    tags[node.tag] = true;
            });
            tagNames = Object.keys(tags);
        }
        else
            tagNames = [];
        for (const [handle, prefix] of tagEntries) {
            if (handle === '!!' && prefix === 'tag:yaml.org,2002:')
                continue;
            if (!doc || tagNames.some(tn => tn.startsWith(prefix)))
                lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join('\n');
    }
}
Directives.defaultYaml = { explicit: false, version: '1.2' };
Directives.defaultTags = { '!!': 'tag:yaml.org,2002:' };

/**
 * Verify that the input string is a valid anchor.
 *
 * Will throw on errors.
 */
function anchorIsValid(anchor) {
    if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
    }
    return true;
}
function anchorNames(root) {
    const anchors = new Set();
    visit(root, {
        Value(_key, node) {
            if (node.anchor)
                anchors.add(node.anchor);
        }
    });
    return anchors;
}
/** Find a new anchor name with the given `prefix` and a one-indexed suffix. */
function findNewAnchor(prefix, exclude) {
    for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
            return name;
    }
}
function createNodeAnchors(doc, prefix) {
    const aliasObjects = [];
    const sourceObjects = new Map();
    let prevAnchors = null;
    return {
        onAnchor: (source) => {
            aliasObjects.push(source);
            prevAnchors ?? (prevAnchors = anchorNames(doc));
            const anchor = findNewAnchor(prefix, prevAnchors);
            prevAnchors.add(anchor);
            return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
            for (const source of aliasObjects) {
                const ref = sourceObjects.get(source);
                if (typeof ref === 'object' &&
                    ref.anchor &&
                    (isScalar(ref.node) || isCollection(ref.node))) {
                    ref.node.anchor = ref.anchor;
                }
                else {
                    const error = new Error('Failed to resolve repeated object (this should not happen)');
                    error.source = source;
                    throw error;
                }
            }
        },
        sourceObjects
    };
}

/**
 * Applies the JSON.parse reviver algorithm as defined in the ECMA-262 spec,
 * in section 24.5.1.1 "Runtime Semantics: InternalizeJSONProperty" of the
 * 2021 edition: https://tc39.es/ecma262/#sec-json.parse
 *
 * Includes extensions for handling Map and Set objects.
 */
function applyReviver(reviver, obj, key, val) {
    if (val && typeof val === 'object') {
        if (Array.isArray(val)) {
            for (let i = 0, len = val.length; i < len; ++i) {
                const v0 = val[i];
                const v1 = applyReviver(reviver, val, String(i), v0);
                // eslint-disable-next-line @typescript-eslint/no-array-delete
                if (v1 === undefined)
                    delete val[i];
                else if (v1 !== v0)
                    val[i] = v1;
            }
        }
        else if (val instanceof Map) {
            for (const k of Array.from(val.keys())) {
                const v0 = val.get(k);
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    val.delete(k);
                else if (v1 !== v0)
                    val.set(k, v1);
            }
        }
        else if (val instanceof Set) {
            for (const v0 of Array.from(val)) {
                const v1 = applyReviver(reviver, val, v0, v0);
                if (v1 === undefined)
                    val.delete(v0);
                else if (v1 !== v0) {
                    val.delete(v0);
                    val.add(v1);
                }
            }
        }
        else {
            for (const [k, v0] of Object.entries(val)) {
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    delete val[k];
                else if (v1 !== v0)
                    val[k] = v1;
            }
        }
    }
    return reviver.call(obj, key, val);
}

/**
 * Recursively convert any node or its contents to native JavaScript
 *
 * @param value - The input value
 * @param arg - If `value` defines a `toJSON()` method, use this
 *   as its first argument
 * @param ctx - Conversion context, originally set in Document#toJS(). If
 *   `{ keep: true }` is not set, output should be suitable for JSON
 *   stringification.
 */
function toJS(value, arg, ctx) {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return
    if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
    if (value && typeof value.toJSON === 'function') {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-call
        if (!ctx || !hasAnchor(value))
            return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: undefined };
        ctx.anchors.set(value, data);
        ctx.onCreate = res => {
            data.res = res;
            delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
            ctx.onCreate(res);
        return res;
    }
    if (typeof value === 'bigint' && !ctx?.keep)
        return Number(value);
    return value;
}

class NodeBase {
    constructor(type) {
        Object.defineProperty(this, NODE_TYPE, { value: type });
    }
    /** Create a copy of this node.  */
    clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /** A plain JavaScript representation of this node. */
    toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!isDocument(doc))
            throw new TypeError('A document argument is required');
        const ctx = {
            anchors: new Map(),
            doc,
            keep: true,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS(this, '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver(reviver, { '': res }, '', res)
            : res;
    }
}

class Alias extends NodeBase {
    constructor(source) {
        super(ALIAS);
        this.source = source;
        Object.defineProperty(this, 'tag', {
            set() {
                throw new Error('Alias nodes cannot have tags');
            }
        });
    }
    /**
     * Resolve the value of this alias within `doc`, finding the last
     * instance of the `source` anchor before this node.
     */
    resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
            throw new ReferenceError('Alias resolution is disabled');
        let nodes;
        if (ctx?.aliasResolveCache) {
            nodes = ctx.aliasResolveCache;
        }
        else {
            nodes = [];
            visit(doc, {
                Node: (_key, node) => {
                    if (isAlias(node) || hasAnchor(node))
                        nodes.push(node);
                }
            });
            if (ctx)
                ctx.aliasResolveCache = nodes;
        }
        let found = undefined;
        for (const node of nodes) {
            if (node === this)
                break;
            if (node.anchor === this.source)
                found = node;
        }
        if (found && ctx) {
            const { anchors, doc, maxAliasCount } = ctx;
            let data = anchors.get(found);
            if (!data) {
                // Resolve anchors for Node.prototype.toJS()
                toJS(found, null, ctx);
                data = anchors.get(found);
            }
            /* istanbul ignore if */
            if (data?.res === undefined) {
                const msg = 'This should not happen: Alias anchor was not resolved?';
                throw new ReferenceError(msg);
            }
            if (maxAliasCount >= 0) {
                data.count += 1;
                if (data.aliasCount === 0)
                    data.aliasCount = getAliasCount(doc, found, anchors);
                if (data.count * data.aliasCount > maxAliasCount) {
                    const msg = 'Excessive alias count indicates a resource exhaustion attack';
                    throw new ReferenceError(msg);
                }
            }
        }
        return found;
    }
    toJSON(_arg, ctx) {
        if (!ctx)
            return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
    }
    toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
            anchorIsValid(this.source);
            if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
                const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
                throw new Error(msg);
            }
            if (ctx.implicitKey)
                return `${src} `;
        }
        return src;
    }
}
function getAliasCount(doc, node, anchors) {
    if (isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors && source && anchors.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
    }
    else if (isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
            const c = getAliasCount(doc, item, anchors);
            if (c > count)
                count = c;
        }
        return count;
    }
    else if (isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors);
        const vc = getAliasCount(doc, node.value, anchors);
        return Math.max(kc, vc);
    }
    return 1;
}

const isScalarValue = (value) => !value || (typeof value !== 'function' && typeof value !== 'object');
class Scalar extends NodeBase {
    constructor(value) {
        super(SCALAR$1);
        this.value = value;
    }
    toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS(this.value, arg, ctx);
    }
    toString() {
        return String(this.value);
    }
}
Scalar.BLOCK_FOLDED = 'BLOCK_FOLDED';
Scalar.BLOCK_LITERAL = 'BLOCK_LITERAL';
Scalar.PLAIN = 'PLAIN';
Scalar.QUOTE_DOUBLE = 'QUOTE_DOUBLE';
Scalar.QUOTE_SINGLE = 'QUOTE_SINGLE';

const defaultTagPrefix = 'tag:yaml.org,2002:';
function findTagObject(value, tagName, tags) {
    if (tagName) {
        const match = tags.filter(t => t.tag === tagName);
        const tagObj = match.find(t => !t.format) ?? match[0];
        if (!tagObj)
            throw new Error(`Tag ${tagName} not found`);
        return tagObj;
    }
    return tags.find(t => t.identify?.(value) && !t.format);
}
function createNode(value, tagName, ctx) {
    if (isDocument(value))
        value = value.contents;
    if (isNode(value))
        return value;
    if (isPair(value)) {
        const map = ctx.schema[MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
    }
    if (value instanceof String ||
        value instanceof Number ||
        value instanceof Boolean ||
        (typeof BigInt !== 'undefined' && value instanceof BigInt) // not supported everywhere
    ) {
        // https://tc39.es/ecma262/#sec-serializejsonproperty
        value = value.valueOf();
    }
    const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
    // Detect duplicate references to the same object & use Alias nodes for all
    // after first. The `ref` wrapper allows for circular references to resolve.
    let ref = undefined;
    if (aliasDuplicateObjects && value && typeof value === 'object') {
        ref = sourceObjects.get(value);
        if (ref) {
            ref.anchor ?? (ref.anchor = onAnchor(value));
            return new Alias(ref.anchor);
        }
        else {
            ref = { anchor: null, node: null };
            sourceObjects.set(value, ref);
        }
    }
    if (tagName?.startsWith('!!'))
        tagName = defaultTagPrefix + tagName.slice(2);
    let tagObj = findTagObject(value, tagName, schema.tags);
    if (!tagObj) {
        if (value && typeof value.toJSON === 'function') {
            // eslint-disable-next-line @typescript-eslint/no-unsafe-call
            value = value.toJSON();
        }
        if (!value || typeof value !== 'object') {
            const node = new Scalar(value);
            if (ref)
                ref.node = node;
            return node;
        }
        tagObj =
            value instanceof Map
                ? schema[MAP]
                : Symbol.iterator in Object(value)
                    ? schema[SEQ]
                    : schema[MAP];
    }
    if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
    }
    const node = tagObj?.createNode
        ? tagObj.createNode(ctx.schema, value, ctx)
        : typeof tagObj?.nodeClass?.from === 'function'
            ? tagObj.nodeClass.from(ctx.schema, value, ctx)
            : new Scalar(value);
    if (tagName)
        node.tag = tagName;
    else if (!tagObj.default)
        node.tag = tagObj.tag;
    if (ref)
        ref.node = node;
    return node;
}

function collectionFromPath(schema, path, value) {
    let v = value;
    for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === 'number' && Number.isInteger(k) && k >= 0) {
            const a = [];
            a[k] = v;
            v = a;
        }
        else {
            v = new Map([[k, v]]);
        }
    }
    return createNode(v, undefined, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
            throw new Error('This should not happen, please report a bug.');
        },
        schema,
        sourceObjects: new Map()
    });
}
// Type guard is intentionally a little wrong so as to be more useful,
// as it does not cover untypable empty non-string iterables (e.g. []).
const isEmptyPath = (path) => path == null ||
    (typeof path === 'object' && !!path[Symbol.iterator]().next().done);
class Collection extends NodeBase {
    constructor(type, schema) {
        super(type);
        Object.defineProperty(this, 'schema', {
            value: schema,
            configurable: true,
            enumerable: false,
            writable: true
        });
    }
    /**
     * Create a copy of this collection.
     *
     * @param schema - If defined, overwrites the original's schema
     */
    clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
            copy.schema = schema;
        copy.items = copy.items.map(it => isNode(it) || isPair(it) ? it.clone(schema) : it);
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /**
     * Adds a value to the collection. For `!!map` and `!!omap` the value must
     * be a Pair instance or a `{ key, value }` object, which may not have a key
     * that already exists in the map.
     */
    addIn(path, value) {
        if (isEmptyPath(path))
            this.add(value);
        else {
            const [key, ...rest] = path;
            const node = this.get(key, true);
            if (isCollection(node))
                node.addIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
    /**
     * Removes a value from the collection.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.delete(key);
        const node = this.get(key, true);
        if (isCollection(node))
            return node.deleteIn(rest);
        else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
            return !keepScalar && isScalar(node) ? node.value : node;
        else
            return isCollection(node) ? node.getIn(rest, keepScalar) : undefined;
    }
    hasAllNullValues(allowScalar) {
        return this.items.every(node => {
            if (!isPair(node))
                return false;
            const n = node.value;
            return (n == null ||
                (allowScalar &&
                    isScalar(n) &&
                    n.value == null &&
                    !n.commentBefore &&
                    !n.comment &&
                    !n.tag));
        });
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     */
    hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.has(key);
        const node = this.get(key, true);
        return isCollection(node) ? node.hasIn(rest) : false;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
            this.set(key, value);
        }
        else {
            const node = this.get(key, true);
            if (isCollection(node))
                node.setIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
}

/**
 * Stringifies a comment.
 *
 * Empty comment lines are left empty,
 * lines consisting of a single space are replaced by `#`,
 * and all other lines are prefixed with a `#`.
 */
const stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, '#');
function indentComment(comment, indent) {
    if (/^\n+$/.test(comment))
        return comment.substring(1);
    return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
}
const lineComment = (str, indent, comment) => str.endsWith('\n')
    ? indentComment(comment, indent)
    : comment.includes('\n')
        ? '\n' + indentComment(comment, indent)
        : (str.endsWith(' ') ? '' : ' ') + comment;

const FOLD_FLOW = 'flow';
const FOLD_BLOCK = 'block';
const FOLD_QUOTED = 'quoted';
/**
 * Tries to keep input at up to `lineWidth` characters, splitting only on spaces
 * not followed by newlines or spaces unless `mode` is `'quoted'`. Lines are
 * terminated with `\n` and started with `indent`.
 */
function foldFlowLines(text, indent, mode = 'flow', { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
    if (!lineWidth || lineWidth < 0)
        return text;
    if (lineWidth < minContentWidth)
        minContentWidth = 0;
    const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
    if (text.length <= endStep)
        return text;
    const folds = [];
    const escapedFolds = {};
    let end = lineWidth - indent.length;
    if (typeof indentAtStart === 'number') {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
            folds.push(0);
        else
            end = lineWidth - indentAtStart;
    }
    let split = undefined;
    let prev = undefined;
    let overflow = false;
    let i = -1;
    let escStart = -1;
    let escEnd = -1;
    if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
            end = i + endStep;
    }
    for (let ch; (ch = text[(i += 1)]);) {
        if (mode === FOLD_QUOTED && ch === '\\') {
            escStart = i;
            switch (text[i + 1]) {
                case 'x':
                    i += 3;
                    break;
                case 'u':
                    i += 5;
                    break;
                case 'U':
                    i += 9;
                    break;
                default:
                    i += 1;
            }
            escEnd = i;
        }
        if (ch === '\n') {
            if (mode === FOLD_BLOCK)
                i = consumeMoreIndentedLines(text, i, indent.length);
            end = i + indent.length + endStep;
            split = undefined;
        }
        else {
            if (ch === ' ' &&
                prev &&
                prev !== ' ' &&
                prev !== '\n' &&
                prev !== '\t') {
                // space surrounded by non-space can be replaced with newline + indent
                const next = text[i + 1];
                if (next && next !== ' ' && next !== '\n' && next !== '\t')
                    split = i;
            }
            if (i >= end) {
                if (split) {
                    folds.push(split);
                    end = split + endStep;
                    split = undefined;
                }
                else if (mode === FOLD_QUOTED) {
                    // white-space collected at end may stretch past lineWidth
                    while (prev === ' ' || prev === '\t') {
                        prev = ch;
                        ch = text[(i += 1)];
                        overflow = true;
                    }
                    // Account for newline escape, but don't break preceding escape
                    const j = i > escEnd + 1 ? i - 2 : escStart - 1;
                    // Bail out if lineWidth & minContentWidth are shorter than an escape string
                    if (escapedFolds[j])
                        return text;
                    folds.push(j);
                    escapedFolds[j] = true;
                    end = j + endStep;
                    split = undefined;
                }
                else {
                    overflow = true;
                }
            }
        }
        prev = ch;
    }
    if (overflow && onOverflow)
        onOverflow();
    if (folds.length === 0)
        return text;
    if (onFold)
        onFold();
    let res = text.slice(0, folds[0]);
    for (let i = 0; i < folds.length; ++i) {
        const fold = folds[i];
        const end = folds[i + 1] || text.length;
        if (fold === 0)
            res = `\n${indent}${text.slice(0, end)}`;
        else {
            if (mode === FOLD_QUOTED && escapedFolds[fold])
                res += `${text[fold]}\\`;
            res += `\n${indent}${text.slice(fold + 1, end)}`;
        }
    }
    return res;
}
/**
 * Presumes `i + 1` is at the start of a line
 * @returns index of last newline in more-indented block
 */
function consumeMoreIndentedLines(text, i, indent) {
    let end = i;
    let start = i + 1;
    let ch = text[start];
    while (ch === ' ' || ch === '\t') {
        if (i < start + indent) {
            ch = text[++i];
        }
        else {
            do {
                ch = text[++i];
            } while (ch && ch !== '\n');
            end = i;
            start = i + 1;
            ch = text[start];
        }
    }
    return end;
}

const getFoldOptions = (ctx, isBlock) => ({
    indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
    lineWidth: ctx.options.lineWidth,
    minContentWidth: ctx.options.minContentWidth
});
// Also checks for lines starting with %, as parsing the output as YAML 1.1 will
// presume that's starting a new document.
const containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
function lineLengthOverLimit(str, lineWidth, indentLength) {
    if (!lineWidth || lineWidth < 0)
        return false;
    const limit = lineWidth - indentLength;
    const strLen = str.length;
    if (strLen <= limit)
        return false;
    for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === '\n') {
            if (i - start > limit)
                return true;
            start = i + 1;
            if (strLen - start <= limit)
                return false;
        }
    }
    return true;
}
function doubleQuotedString(value, ctx) {
    const json = JSON.stringify(value);
    if (ctx.options.doubleQuotedAsJSON)
        return json;
    const { implicitKey } = ctx;
    const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    let str = '';
    let start = 0;
    for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
            // space before newline needs to be escaped to not be folded
            str += json.slice(start, i) + '\\ ';
            i += 1;
            start = i;
            ch = '\\';
        }
        if (ch === '\\')
            switch (json[i + 1]) {
                case 'u':
                    {
                        str += json.slice(start, i);
                        const code = json.substr(i + 2, 4);
                        switch (code) {
                            case '0000':
                                str += '\\0';
                                break;
                            case '0007':
                                str += '\\a';
                                break;
                            case '000b':
                                str += '\\v';
                                break;
                            case '001b':
                                str += '\\e';
                                break;
                            case '0085':
                                str += '\\N';
                                break;
                            case '00a0':
                                str += '\\_';
                                break;
                            case '2028':
                                str += '\\L';
                                break;
                            case '2029':
                                str += '\\P';
                                break;
                            default:
                                if (code.substr(0, 2) === '00')
                                    str += '\\x' + code.substr(2);
                                else
                                    str += json.substr(i, 6);
                        }
                        i += 5;
                        start = i + 1;
                    }
                    break;
                case 'n':
                    if (implicitKey ||
                        json[i + 2] === '"' ||
                        json.length < minMultiLineLength) {
                        i += 1;
                    }
                    else {
                        // folding will eat first newline
                        str += json.slice(start, i) + '\n\n';
                        while (json[i + 2] === '\\' &&
                            json[i + 3] === 'n' &&
                            json[i + 4] !== '"') {
                            str += '\n';
                            i += 2;
                        }
                        str += indent;
                        // space after newline needs to be escaped to not be folded
                        if (json[i + 2] === ' ')
                            str += '\\';
                        i += 1;
                        start = i + 1;
                    }
                    break;
                default:
                    i += 1;
            }
    }
    str = start ? str + json.slice(start) : json;
    return implicitKey
        ? str
        : foldFlowLines(str, indent, FOLD_QUOTED, getFoldOptions(ctx, false));
}
function singleQuotedString(value, ctx) {
    if (ctx.options.singleQuote === false ||
        (ctx.implicitKey && value.includes('\n')) ||
        /[ \t]\n|\n[ \t]/.test(value) // single quoted string can't have leading or trailing whitespace around newline
    )
        return doubleQuotedString(value, ctx);
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`) + "'";
    return ctx.implicitKey
        ? res
        : foldFlowLines(res, indent, FOLD_FLOW, getFoldOptions(ctx, false));
}
function quotedString(value, ctx) {
    const { singleQuote } = ctx.options;
    let qs;
    if (singleQuote === false)
        qs = doubleQuotedString;
    else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
            qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
            qs = doubleQuotedString;
        else
            qs = singleQuote ? singleQuotedString : doubleQuotedString;
    }
    return qs(value, ctx);
}
// The negative lookbehind avoids a polynomial search,
// but isn't supported yet on Safari: https://caniuse.com/js-regexp-lookbehind
let blockEndNewlines;
try {
    blockEndNewlines = new RegExp('(^|(?<!\n))\n+(?!\n|$)', 'g');
}
catch {
    blockEndNewlines = /\n+(?!\n|$)/g;
}
function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
    const { blockQuote, commentString, lineWidth } = ctx.options;
    // 1. Block can't end in whitespace unless the last line is non-empty.
    // 2. Strings consisting of only whitespace are best rendered explicitly.
    if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
    }
    const indent = ctx.indent ||
        (ctx.forceBlockIndent || containsDocumentMarker(value) ? '  ' : '');
    const literal = blockQuote === 'literal'
        ? true
        : blockQuote === 'folded' || type === Scalar.BLOCK_FOLDED
            ? false
            : type === Scalar.BLOCK_LITERAL
                ? true
                : !lineLengthOverLimit(value, lineWidth, indent.length);
    if (!value)
        return literal ? '|\n' : '>\n';
    // determine chomping from whitespace at value end
    let chomp;
    let endStart;
    for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== '\n' && ch !== '\t' && ch !== ' ')
            break;
    }
    let end = value.substring(endStart);
    const endNlPos = end.indexOf('\n');
    if (endNlPos === -1) {
        chomp = '-'; // strip
    }
    else if (value === end || endNlPos !== end.length - 1) {
        chomp = '+'; // keep
        if (onChompKeep)
            onChompKeep();
    }
    else {
        chomp = ''; // clip
    }
    if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === '\n')
            end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
    }
    // determine indent indicator from whitespace at value start
    let startWithSpace = false;
    let startEnd;
    let startNlPos = -1;
    for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === ' ')
            startWithSpace = true;
        else if (ch === '\n')
            startNlPos = startEnd;
        else
            break;
    }
    let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
    if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
    }
    const indentSize = indent ? '2' : '1'; // root is at -1
    // Leading | or > is added later
    let header = (startWithSpace ? indentSize : '') + chomp;
    if (comment) {
        header += ' ' + commentString(comment.replace(/ ?[\r\n]+/g, ' '));
        if (onComment)
            onComment();
    }
    if (!literal) {
        const foldedValue = value
            .replace(/\n+/g, '\n$&')
            .replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, '$1$2') // more-indented lines aren't folded
            //                ^ more-ind. ^ empty     ^ capture next empty lines only at end of indent
            .replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== 'folded' && type !== Scalar.BLOCK_FOLDED) {
            foldOptions.onOverflow = () => {
                literalFallback = true;
            };
        }
        const body = foldFlowLines(`${start}${foldedValue}${end}`, indent, FOLD_BLOCK, foldOptions);
        if (!literalFallback)
            return `>${header}\n${indent}${body}`;
    }
    value = value.replace(/\n+/g, `$&${indent}`);
    return `|${header}\n${indent}${start}${value}${end}`;
}
function plainString(item, ctx, onComment, onChompKeep) {
    const { type, value } = item;
    const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
    if ((implicitKey && value.includes('\n')) ||
        (inFlow && /[[\]{},]/.test(value))) {
        return quotedString(value, ctx);
    }
    if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        // not allowed:
        // - '-' or '?'
        // - start with an indicator character (except [?:-]) or /[?-] /
        // - '\n ', ': ' or ' \n' anywhere
        // - '#' not preceded by a non-space char
        // - end with ' ' or ':'
        return implicitKey || inFlow || !value.includes('\n')
            ? quotedString(value, ctx)
            : blockString(item, ctx, onComment, onChompKeep);
    }
    if (!implicitKey &&
        !inFlow &&
        type !== Scalar.PLAIN &&
        value.includes('\n')) {
        // Where allowed & type not set explicitly, prefer block style for multiline strings
        return blockString(item, ctx, onComment, onChompKeep);
    }
    if (containsDocumentMarker(value)) {
        if (indent === '') {
            ctx.forceBlockIndent = true;
            return blockString(item, ctx, onComment, onChompKeep);
        }
        else if (implicitKey && indent === indentStep) {
            return quotedString(value, ctx);
        }
    }
    const str = value.replace(/\n+/g, `$&\n${indent}`);
    // Verify that output will be parsed as a string, as e.g. plain numbers and
    // booleans get parsed with those types in v1.2 (e.g. '42', 'true' & '0.9e-3'),
    // and others in v1.1.
    if (actualString) {
        const test = (tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
            return quotedString(value, ctx);
    }
    return implicitKey
        ? str
        : foldFlowLines(str, indent, FOLD_FLOW, getFoldOptions(ctx, false));
}
function stringifyString(item, ctx, onComment, onChompKeep) {
    const { implicitKey, inFlow } = ctx;
    const ss = typeof item.value === 'string'
        ? item
        : Object.assign({}, item, { value: String(item.value) });
    let { type } = item;
    if (type !== Scalar.QUOTE_DOUBLE) {
        // force double quotes on control characters & unpaired surrogates
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
            type = Scalar.QUOTE_DOUBLE;
    }
    const _stringify = (_type) => {
        switch (_type) {
            case Scalar.BLOCK_FOLDED:
            case Scalar.BLOCK_LITERAL:
                return implicitKey || inFlow
                    ? quotedString(ss.value, ctx) // blocks are not valid inside flow containers
                    : blockString(ss, ctx, onComment, onChompKeep);
            case Scalar.QUOTE_DOUBLE:
                return doubleQuotedString(ss.value, ctx);
            case Scalar.QUOTE_SINGLE:
                return singleQuotedString(ss.value, ctx);
            case Scalar.PLAIN:
                return plainString(ss, ctx, onComment, onChompKeep);
            default:
                return null;
        }
    };
    let res = _stringify(type);
    if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = (implicitKey && defaultKeyType) || defaultStringType;
        res = _stringify(t);
        if (res === null)
            throw new Error(`Unsupported default string type ${t}`);
    }
    return res;
}

function createStringifyContext(doc, options) {
    const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment,
        defaultKeyType: null,
        defaultStringType: 'PLAIN',
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: 'false',
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: 'null',
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: 'true',
        verifyAliasOrder: true
    }, doc.schema.toStringOptions, options);
    let inFlow;
    switch (opt.collectionStyle) {
        case 'block':
            inFlow = false;
            break;
        case 'flow':
            inFlow = true;
            break;
        default:
            inFlow = null;
    }
    return {
        anchors: new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? ' ' : '',
        indent: '',
        indentStep: typeof opt.indent === 'number' ? ' '.repeat(opt.indent) : '  ',
        inFlow,
        options: opt
    };
}
function getTagObject(tags, item) {
    if (item.tag) {
        const match = tags.filter(t => t.tag === item.tag);
        if (match.length > 0)
            return match.find(t => t.format === item.format) ?? match[0];
    }
    let tagObj = undefined;
    let obj;
    if (isScalar(item)) {
        obj = item.value;
        let match = tags.filter(t => t.identify?.(obj));
        if (match.length > 1) {
            const testMatch = match.filter(t => t.test);
            if (testMatch.length > 0)
                match = testMatch;
        }
        tagObj =
            match.find(t => t.format === item.format) ?? match.find(t => !t.format);
    }
    else {
        obj = item;
        tagObj = tags.find(t => t.nodeClass && obj instanceof t.nodeClass);
    }
    if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? 'null' : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
    }
    return tagObj;
}
// needs to be called before value stringifier to allow for circular anchor refs
function stringifyProps(node, tagObj, { anchors, doc }) {
    if (!doc.directives)
        return '';
    const props = [];
    const anchor = (isScalar(node) || isCollection(node)) && node.anchor;
    if (anchor && anchorIsValid(anchor)) {
        anchors.add(anchor);
        props.push(`&${anchor}`);
    }
    const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
    if (tag)
        props.push(doc.directives.tagString(tag));
    return props.join(' ');
}
function stringify(item, ctx, onComment, onChompKeep) {
    if (isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
    if (isAlias(item)) {
        if (ctx.doc.directives)
            return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
            throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        }
        else {
            if (ctx.resolvedAliases)
                ctx.resolvedAliases.add(item);
            else
                ctx.resolvedAliases = new Set([item]);
            item = item.resolve(ctx.doc);
        }
    }
    let tagObj = undefined;
    const node = isNode(item)
        ? item
        : ctx.doc.createNode(item, { onTagObj: o => (tagObj = o) });
    tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
    const props = stringifyProps(node, tagObj, ctx);
    if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
    const str = typeof tagObj.stringify === 'function'
        ? tagObj.stringify(node, ctx, onComment, onChompKeep)
        : isScalar(node)
            ? stringifyString(node, ctx, onComment, onChompKeep)
            : node.toString(ctx, onComment, onChompKeep);
    if (!props)
        return str;
    return isScalar(node) || str[0] === '{' || str[0] === '['
        ? `${props} ${str}`
        : `${props}\n${ctx.indent}${str}`;
}

function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
    const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
    let keyComment = (isNode(key) && key.comment) || null;
    if (simpleKeys) {
        if (keyComment) {
            throw new Error('With simple keys, key nodes cannot have comments');
        }
        if (isCollection(key) || (!isNode(key) && typeof key === 'object')) {
            const msg = 'With simple keys, collection cannot be used as a key value';
            throw new Error(msg);
        }
    }
    let explicitKey = !simpleKeys &&
        (!key ||
            (keyComment && value == null && !ctx.inFlow) ||
            isCollection(key) ||
            (isScalar(key)
                ? key.type === Scalar.BLOCK_FOLDED || key.type === Scalar.BLOCK_LITERAL
                : typeof key === 'object'));
    ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
    });
    let keyCommentDone = false;
    let chompKeep = false;
    let str = stringify(key, ctx, () => (keyCommentDone = true), () => (chompKeep = true));
    if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
            throw new Error('With simple keys, single line scalar must not span more than 1024 characters');
        explicitKey = true;
    }
    if (ctx.inFlow) {
        if (allNullValues || value == null) {
            if (keyCommentDone && onComment)
                onComment();
            return str === '' ? '?' : explicitKey ? `? ${str}` : str;
        }
    }
    else if ((allNullValues && !simpleKeys) || (value == null && explicitKey)) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
            str += lineComment(str, ctx.indent, commentString(keyComment));
        }
        else if (chompKeep && onChompKeep)
            onChompKeep();
        return str;
    }
    if (keyCommentDone)
        keyComment = null;
    if (explicitKey) {
        if (keyComment)
            str += lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}\n${indent}:`;
    }
    else {
        str = `${str}:`;
        if (keyComment)
            str += lineComment(str, ctx.indent, commentString(keyComment));
    }
    let vsb, vcb, valueComment;
    if (isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
    }
    else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === 'object')
            value = doc.createNode(value);
    }
    ctx.implicitKey = false;
    if (!explicitKey && !keyComment && isScalar(value))
        ctx.indentAtStart = str.length + 1;
    chompKeep = false;
    if (!indentSeq &&
        indentStep.length >= 2 &&
        !ctx.inFlow &&
        !explicitKey &&
        isSeq(value) &&
        !value.flow &&
        !value.tag &&
        !value.anchor) {
        // If indentSeq === false, consider '- ' as part of indentation where possible
        ctx.indent = ctx.indent.substring(2);
    }
    let valueCommentDone = false;
    const valueStr = stringify(value, ctx, () => (valueCommentDone = true), () => (chompKeep = true));
    let ws = ' ';
    if (keyComment || vsb || vcb) {
        ws = vsb ? '\n' : '';
        if (vcb) {
            const cs = commentString(vcb);
            ws += `\n${indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === '' && !ctx.inFlow) {
            if (ws === '\n' && valueComment)
                ws = '\n\n';
        }
        else {
            ws += `\n${ctx.indent}`;
        }
    }
    else if (!explicitKey && isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf('\n');
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
            let hasPropsLine = false;
            if (hasNewline && (vs0 === '&' || vs0 === '!')) {
                let sp0 = valueStr.indexOf(' ');
                if (vs0 === '&' &&
                    sp0 !== -1 &&
                    sp0 < nl0 &&
                    valueStr[sp0 + 1] === '!') {
                    sp0 = valueStr.indexOf(' ', sp0 + 1);
                }
                if (sp0 === -1 || nl0 < sp0)
                    hasPropsLine = true;
            }
            if (!hasPropsLine)
                ws = `\n${ctx.indent}`;
        }
    }
    else if (valueStr === '' || valueStr[0] === '\n') {
        ws = '';
    }
    str += ws + valueStr;
    if (ctx.inFlow) {
        if (valueCommentDone && onComment)
            onComment();
    }
    else if (valueComment && !valueCommentDone) {
        str += lineComment(str, ctx.indent, commentString(valueComment));
    }
    else if (chompKeep && onChompKeep) {
        onChompKeep();
    }
    return str;
}

function warn(logLevel, warning) {
    if (logLevel === 'debug' || logLevel === 'warn') {
        console.warn(warning);
    }
}

// If the value associated with a merge key is a single mapping node, each of
// its key/value pairs is inserted into the current mapping, unless the key
// already exists in it. If the value associated with the merge key is a
// sequence, then this sequence is expected to contain mapping nodes and each
// of these nodes is merged in turn according to its order in the sequence.
// Keys in mapping nodes earlier in the sequence override keys specified in
// later mapping nodes. -- http://yaml.org/type/merge.html
const MERGE_KEY = '<<';
const merge = {
    identify: value => value === MERGE_KEY ||
        (typeof value === 'symbol' && value.description === MERGE_KEY),
    default: 'key',
    tag: 'tag:yaml.org,2002:merge',
    test: /^<<$/,
    resolve: () => Object.assign(new Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
    }),
    stringify: () => MERGE_KEY
};
const isMergeKey = (ctx, key) => (merge.identify(key) ||
    (isScalar(key) &&
        (!key.type || key.type === Scalar.PLAIN) &&
        merge.identify(key.value))) &&
    ctx?.doc.schema.tags.some(tag => tag.tag === merge.tag && tag.default);
function addMergeToJSMap(ctx, map, value) {
    const source = resolveAliasValue(ctx, value);
    if (isSeq(source))
        for (const it of source.items)
            mergeValue(ctx, map, it);
    else if (Array.isArray(source))
        for (const it of source)
            mergeValue(ctx, map, it);
    else
        mergeValue(ctx, map, source);
}
function mergeValue(ctx, map, value) {
    const source = resolveAliasValue(ctx, value);
    if (!isMap(source))
        throw new Error('Merge sources must be maps or map aliases');
    const srcMap = source.toJSON(null, ctx, Map);
    for (const [key, value] of srcMap) {
        if (map instanceof Map) {
            if (!map.has(key))
                map.set(key, value);
        }
        else if (map instanceof Set) {
            map.add(key);
        }
        else if (!Object.prototype.hasOwnProperty.call(map, key)) {
            Object.defineProperty(map, key, {
                value,
                writable: true,
                enumerable: true,
                configurable: true
            });
        }
    }
    return map;
}
function resolveAliasValue(ctx, value) {
    return ctx && isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
}

function addPairToJSMap(ctx, map, { key, value }) {
    if (isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
    // TODO: Should drop this special case for bare << handling
    else if (isMergeKey(ctx, key))
        addMergeToJSMap(ctx, map, value);
    else {
        const jsKey = toJS(key, '', ctx);
        if (map instanceof Map) {
            map.set(jsKey, toJS(value, jsKey, ctx));
        }
        else if (map instanceof Set) {
            map.add(jsKey);
        }
        else {
            const stringKey = stringifyKey(key, jsKey, ctx);
            const jsValue = toJS(value, stringKey, ctx);
            if (stringKey in map)
                Object.defineProperty(map, stringKey, {
                    value: jsValue,
                    writable: true,
                    enumerable: true,
                    configurable: true
                });
            else
                map[stringKey] = jsValue;
        }
    }
    return map;
}
function stringifyKey(key, jsKey, ctx) {
    if (jsKey === null)
        return '';
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    if (typeof jsKey !== 'object')
        return String(jsKey);
    if (isNode(key) && ctx?.doc) {
        const strCtx = createStringifyContext(ctx.doc, {});
        strCtx.anchors = new Set();
        for (const node of ctx.anchors.keys())
            strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
            let jsonStr = JSON.stringify(strKey);
            if (jsonStr.length > 40)
                jsonStr = jsonStr.substring(0, 36) + '..."';
            warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
            ctx.mapKeyWarned = true;
        }
        return strKey;
    }
    return JSON.stringify(jsKey);
}

function createPair(key, value, ctx) {
    const k = createNode(key, undefined, ctx);
    const v = createNode(value, undefined, ctx);
    return new Pair(k, v);
}
class Pair {
    constructor(key, value = null) {
        Object.defineProperty(this, NODE_TYPE, { value: PAIR });
        this.key = key;
        this.value = value;
    }
    clone(schema) {
        let { key, value } = this;
        if (isNode(key))
            key = key.clone(schema);
        if (isNode(value))
            value = value.clone(schema);
        return new Pair(key, value);
    }
    toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? new Map() : {};
        return addPairToJSMap(ctx, pair, this);
    }
    toString(ctx, onComment, onChompKeep) {
        return ctx?.doc
            ? stringifyPair(this, ctx, onComment, onChompKeep)
            : JSON.stringify(this);
    }
}

function stringifyCollection(collection, ctx, options) {
    const flow = ctx.inFlow ?? collection.flow;
    const stringify = flow ? stringifyFlowCollection : stringifyBlockCollection;
    return stringify(collection, ctx, options);
}
function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
    const { indent, options: { commentString } } = ctx;
    const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
    let chompKeep = false; // flag for the preceding node's status
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (isNode(item)) {
            if (!chompKeep && item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
            if (item.comment)
                comment = item.comment;
        }
        else if (isPair(item)) {
            const ik = isNode(item.key) ? item.key : null;
            if (ik) {
                if (!chompKeep && ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
            }
        }
        chompKeep = false;
        let str = stringify(item, itemCtx, () => (comment = null), () => (chompKeep = true));
        if (comment)
            str += lineComment(str, itemIndent, commentString(comment));
        if (chompKeep && comment)
            chompKeep = false;
        lines.push(blockItemPrefix + str);
    }
    let str;
    if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
    }
    else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
            const line = lines[i];
            str += line ? `\n${indent}${line}` : '\n';
        }
    }
    if (comment) {
        str += '\n' + indentComment(commentString(comment), indent);
        if (onComment)
            onComment();
    }
    else if (chompKeep && onChompKeep)
        onChompKeep();
    return str;
}
function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
    const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
    itemIndent += indentStep;
    const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
    });
    let reqNewline = false;
    let linesAtValue = 0;
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (isNode(item)) {
            if (item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, false);
            if (item.comment)
                comment = item.comment;
        }
        else if (isPair(item)) {
            const ik = isNode(item.key) ? item.key : null;
            if (ik) {
                if (ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, false);
                if (ik.comment)
                    reqNewline = true;
            }
            const iv = isNode(item.value) ? item.value : null;
            if (iv) {
                if (iv.comment)
                    comment = iv.comment;
                if (iv.commentBefore)
                    reqNewline = true;
            }
            else if (item.value == null && ik?.comment) {
                comment = ik.comment;
            }
        }
        if (comment)
            reqNewline = true;
        let str = stringify(item, itemCtx, () => (comment = null));
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes('\n'));
        if (i < items.length - 1) {
            str += ',';
        }
        else if (ctx.options.trailingComma) {
            if (ctx.options.lineWidth > 0) {
                reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) +
                    (str.length + 2) >
                    ctx.options.lineWidth);
            }
            if (reqNewline) {
                str += ',';
            }
        }
        if (comment)
            str += lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
    }
    const { start, end } = flowChars;
    if (lines.length === 0) {
        return start + end;
    }
    else {
        if (!reqNewline) {
            const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
            reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
            let str = start;
            for (const line of lines)
                str += line ? `\n${indentStep}${indent}${line}` : '\n';
            return `${str}\n${indent}${end}`;
        }
        else {
            return `${start}${fcPadding}${lines.join(' ')}${fcPadding}${end}`;
        }
    }
}
function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
    if (comment && chompKeep)
        comment = comment.replace(/^\n+/, '');
    if (comment) {
        const ic = indentComment(commentString(comment), indent);
        lines.push(ic.trimStart()); // Avoid double indent on first line
    }
}

function findPair(items, key) {
    const k = isScalar(key) ? key.value : key;
    for (const it of items) {
        if (isPair(it)) {
            if (it.key === key || it.key === k)
                return it;
            if (isScalar(it.key) && it.key.value === k)
                return it;
        }
    }
    return undefined;
}
class YAMLMap extends Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:map';
    }
    constructor(schema) {
        super(MAP, schema);
        this.items = [];
    }
    /**
     * A generic collection parsing method that can be extended
     * to other node classes that inherit from YAMLMap
     */
    static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
            if (typeof replacer === 'function')
                value = replacer.call(obj, key, value);
            else if (Array.isArray(replacer) && !replacer.includes(key))
                return;
            if (value !== undefined || keepUndefined)
                map.items.push(createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
            for (const [key, value] of obj)
                add(key, value);
        }
        else if (obj && typeof obj === 'object') {
            for (const key of Object.keys(obj))
                add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === 'function') {
            map.items.sort(schema.sortMapEntries);
        }
        return map;
    }
    /**
     * Adds a value to the collection.
     *
     * @param overwrite - If not set `true`, using a key that is already in the
     *   collection will throw. Otherwise, overwrites the previous value.
     */
    add(pair, overwrite) {
        let _pair;
        if (isPair(pair))
            _pair = pair;
        else if (!pair || typeof pair !== 'object' || !('key' in pair)) {
            // In TypeScript, this never happens.
            _pair = new Pair(pair, pair?.value);
        }
        else
            _pair = new Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
            if (!overwrite)
                throw new Error(`Key ${_pair.key} already set`);
            // For scalars, keep the old node & its comments and anchors
            if (isScalar(prev.value) && isScalarValue(_pair.value))
                prev.value.value = _pair.value;
            else
                prev.value = _pair.value;
        }
        else if (sortEntries) {
            const i = this.items.findIndex(item => sortEntries(_pair, item) < 0);
            if (i === -1)
                this.items.push(_pair);
            else
                this.items.splice(i, 0, _pair);
        }
        else {
            this.items.push(_pair);
        }
    }
    delete(key) {
        const it = findPair(this.items, key);
        if (!it)
            return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && isScalar(node) ? node.value : node) ?? undefined;
    }
    has(key) {
        return !!findPair(this.items, key);
    }
    set(key, value) {
        this.add(new Pair(key, value), true);
    }
    /**
     * @param ctx - Conversion context, originally set in Document#toJS()
     * @param {Class} Type - If set, forces the returned collection type
     * @returns Instance of Type, Map, or Object
     */
    toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? new Map() : {};
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const item of this.items)
            addPairToJSMap(ctx, map, item);
        return map;
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        for (const item of this.items) {
            if (!isPair(item))
                throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
            ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection(this, ctx, {
            blockItemPrefix: '',
            flowChars: { start: '{', end: '}' },
            itemIndent: ctx.indent || '',
            onChompKeep,
            onComment
        });
    }
}

const map = {
    collection: 'map',
    default: true,
    nodeClass: YAMLMap,
    tag: 'tag:yaml.org,2002:map',
    resolve(map, onError) {
        if (!isMap(map))
            onError('Expected a mapping for this tag');
        return map;
    },
    createNode: (schema, obj, ctx) => YAMLMap.from(schema, obj, ctx)
};

class YAMLSeq extends Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:seq';
    }
    constructor(schema) {
        super(SEQ, schema);
        this.items = [];
    }
    add(value) {
        this.items.push(value);
    }
    /**
     * Removes a value from the collection.
     *
     * `key` must contain a representation of an integer for this to succeed.
     * It may be wrapped in a `Scalar`.
     *
     * @returns `true` if the item was found and removed.
     */
    delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return undefined;
        const it = this.items[idx];
        return !keepScalar && isScalar(it) ? it.value : it;
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     *
     * `key` must contain a representation of an integer for this to succeed.
     * It may be wrapped in a `Scalar`.
     */
    has(key) {
        const idx = asItemIndex(key);
        return typeof idx === 'number' && idx < this.items.length;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     *
     * If `key` does not contain a representation of an integer, this will throw.
     * It may be wrapped in a `Scalar`.
     */
    set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (isScalar(prev) && isScalarValue(value))
            prev.value = value;
        else
            this.items[idx] = value;
    }
    toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
            ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
            seq.push(toJS(item, String(i++), ctx));
        return seq;
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        return stringifyCollection(this, ctx, {
            blockItemPrefix: '- ',
            flowChars: { start: '[', end: ']' },
            itemIndent: (ctx.indent || '') + '  ',
            onChompKeep,
            onComment
        });
    }
    static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
            let i = 0;
            for (let it of obj) {
                if (typeof replacer === 'function') {
                    const key = obj instanceof Set ? it : String(i++);
                    it = replacer.call(obj, key, it);
                }
                seq.items.push(createNode(it, undefined, ctx));
            }
        }
        return seq;
    }
}
function asItemIndex(key) {
    let idx = isScalar(key) ? key.value : key;
    if (idx && typeof idx === 'string')
        idx = Number(idx);
    return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0
        ? idx
        : null;
}

const seq = {
    collection: 'seq',
    default: true,
    nodeClass: YAMLSeq,
    tag: 'tag:yaml.org,2002:seq',
    resolve(seq, onError) {
        if (!isSeq(seq))
            onError('Expected a sequence for this tag');
        return seq;
    },
    createNode: (schema, obj, ctx) => YAMLSeq.from(schema, obj, ctx)
};

const string = {
    identify: value => typeof value === 'string',
    default: true,
    tag: 'tag:yaml.org,2002:str',
    resolve: str => str,
    stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString(item, ctx, onComment, onChompKeep);
    }
};

const nullTag = {
    identify: value => value == null,
    createNode: () => new Scalar(null),
    default: true,
    tag: 'tag:yaml.org,2002:null',
    test: /^(?:~|[Nn]ull|NULL)?$/,
    resolve: () => new Scalar(null),
    stringify: ({ source }, ctx) => typeof source === 'string' && nullTag.test.test(source)
        ? source
        : ctx.options.nullStr
};

const boolTag = {
    identify: value => typeof value === 'boolean',
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
    resolve: str => new Scalar(str[0] === 't' || str[0] === 'T'),
    stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
            const sv = source[0] === 't' || source[0] === 'T';
            if (value === sv)
                return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
};

function stringifyNumber({ format, minFractionDigits, tag, value }) {
    if (typeof value === 'bigint')
        return String(value);
    const num = typeof value === 'number' ? value : Number(value);
    if (!isFinite(num))
        return isNaN(num) ? '.nan' : num < 0 ? '-.inf' : '.inf';
    let n = Object.is(value, -0) ? '-0' : JSON.stringify(value);
    if (!format &&
        minFractionDigits &&
        (!tag || tag === 'tag:yaml.org,2002:float') &&
        /^-?\d/.test(n) &&
        !n.includes('e')) {
        let i = n.indexOf('.');
        if (i < 0) {
            i = n.length;
            n += '.';
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
            n += '0';
    }
    return n;
}

const floatNaN$1 = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: str => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber
};
const floatExp$1 = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
    resolve: str => parseFloat(str),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber(node);
    }
};
const float$1 = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
    resolve(str) {
        const node = new Scalar(parseFloat(str));
        const dot = str.indexOf('.');
        if (dot !== -1 && str[str.length - 1] === '0')
            node.minFractionDigits = str.length - dot - 1;
        return node;
    },
    stringify: stringifyNumber
};

const intIdentify$2 = (value) => typeof value === 'bigint' || Number.isInteger(value);
const intResolve$1 = (str, offset, radix, { intAsBigInt }) => (intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix));
function intStringify$1(node, radix, prefix) {
    const { value } = node;
    if (intIdentify$2(value) && value >= 0)
        return prefix + value.toString(radix);
    return stringifyNumber(node);
}
const intOct$1 = {
    identify: value => intIdentify$2(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^0o[0-7]+$/,
    resolve: (str, _onError, opt) => intResolve$1(str, 2, 8, opt),
    stringify: node => intStringify$1(node, 8, '0o')
};
const int$1 = {
    identify: intIdentify$2,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9]+$/,
    resolve: (str, _onError, opt) => intResolve$1(str, 0, 10, opt),
    stringify: stringifyNumber
};
const intHex$1 = {
    identify: value => intIdentify$2(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^0x[0-9a-fA-F]+$/,
    resolve: (str, _onError, opt) => intResolve$1(str, 2, 16, opt),
    stringify: node => intStringify$1(node, 16, '0x')
};

const schema$2 = [
    map,
    seq,
    string,
    nullTag,
    boolTag,
    intOct$1,
    int$1,
    intHex$1,
    floatNaN$1,
    floatExp$1,
    float$1
];

function intIdentify$1(value) {
    return typeof value === 'bigint' || Number.isInteger(value);
}
const stringifyJSON = ({ value }) => JSON.stringify(value);
const jsonScalars = [
    {
        identify: value => typeof value === 'string',
        default: true,
        tag: 'tag:yaml.org,2002:str',
        resolve: str => str,
        stringify: stringifyJSON
    },
    {
        identify: value => value == null,
        createNode: () => new Scalar(null),
        default: true,
        tag: 'tag:yaml.org,2002:null',
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
    },
    {
        identify: value => typeof value === 'boolean',
        default: true,
        tag: 'tag:yaml.org,2002:bool',
        test: /^true$|^false$/,
        resolve: str => str === 'true',
        stringify: stringifyJSON
    },
    {
        identify: intIdentify$1,
        default: true,
        tag: 'tag:yaml.org,2002:int',
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify$1(value) ? value.toString() : JSON.stringify(value)
    },
    {
        identify: value => typeof value === 'number',
        default: true,
        tag: 'tag:yaml.org,2002:float',
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: str => parseFloat(str),
        stringify: stringifyJSON
    }
];
const jsonError = {
    default: true,
    tag: '',
    test: /^/,
    resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
    }
};
const schema$1 = [map, seq].concat(jsonScalars, jsonError);

const binary = {
    identify: value => value instanceof Uint8Array, // Buffer inherits from Uint8Array
    default: false,
    tag: 'tag:yaml.org,2002:binary',
    /**
     * Returns a Buffer in node and an Uint8Array in browsers
     *
     * To use the resulting buffer as an image, you'll want to do something like:
     *
     *   const blob = new Blob([buffer], { type: 'image/jpeg' })
     *   document.querySelector('#photo').src = URL.createObjectURL(blob)
     */
    resolve(src, onError) {
        if (typeof atob === 'function') {
            // On IE 11, atob() can't handle newlines
            const str = atob(src.replace(/[\n\r]/g, ''));
            const buffer = new Uint8Array(str.length);
            for (let i = 0; i < str.length; ++i)
                buffer[i] = str.charCodeAt(i);
            return buffer;
        }
        else {
            onError('This environment does not support reading binary tags; either Buffer or atob is required');
            return src;
        }
    },
    stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
            return '';
        const buf = value; // checked earlier by binary.identify()
        let str;
        if (typeof btoa === 'function') {
            let s = '';
            for (let i = 0; i < buf.length; ++i)
                s += String.fromCharCode(buf[i]);
            str = btoa(s);
        }
        else {
            throw new Error('This environment does not support writing binary tags; either Buffer or btoa is required');
        }
        type ?? (type = Scalar.BLOCK_LITERAL);
        if (type !== Scalar.QUOTE_DOUBLE) {
            const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
            const n = Math.ceil(str.length / lineWidth);
            const lines = new Array(n);
            for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
                lines[i] = str.substr(o, lineWidth);
            }
            str = lines.join(type === Scalar.BLOCK_LITERAL ? '\n' : ' ');
        }
        return stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
    }
};

function resolvePairs(seq, onError) {
    if (isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
            let item = seq.items[i];
            if (isPair(item))
                continue;
            else if (isMap(item)) {
                if (item.items.length > 1)
                    onError('Each pair must have its own sequence indicator');
                const pair = item.items[0] || new Pair(new Scalar(null));
                if (item.commentBefore)
                    pair.key.commentBefore = pair.key.commentBefore
                        ? `${item.commentBefore}\n${pair.key.commentBefore}`
                        : item.commentBefore;
                if (item.comment) {
                    const cn = pair.value ?? pair.key;
                    cn.comment = cn.comment
                        ? `${item.comment}\n${cn.comment}`
                        : item.comment;
                }
                item = pair;
            }
            seq.items[i] = isPair(item) ? item : new Pair(item);
        }
    }
    else
        onError('Expected a sequence for this tag');
    return seq;
}
function createPairs(schema, iterable, ctx) {
    const { replacer } = ctx;
    const pairs = new YAMLSeq(schema);
    pairs.tag = 'tag:yaml.org,2002:pairs';
    let i = 0;
    if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
            if (typeof replacer === 'function')
                it = replacer.call(iterable, String(i++), it);
            let key, value;
            if (Array.isArray(it)) {
                if (it.length === 2) {
                    key = it[0];
                    value = it[1];
                }
                else
                    throw new TypeError(`Expected [key, value] tuple: ${it}`);
            }
            else if (it && it instanceof Object) {
                const keys = Object.keys(it);
                if (keys.length === 1) {
                    key = keys[0];
                    value = it[key];
                }
                else {
                    throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
                }
            }
            else {
                key = it;
            }
            pairs.items.push(createPair(key, value, ctx));
        }
    return pairs;
}
const pairs = {
    collection: 'seq',
    default: false,
    tag: 'tag:yaml.org,2002:pairs',
    resolve: resolvePairs,
    createNode: createPairs
};

class YAMLOMap extends YAMLSeq {
    constructor() {
        super();
        this.add = YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.prototype.set.bind(this);
        this.tag = YAMLOMap.tag;
    }
    /**
     * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
     * but TypeScript won't allow widening the signature of a child method.
     */
    toJSON(_, ctx) {
        if (!ctx)
            return super.toJSON(_);
        const map = new Map();
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const pair of this.items) {
            let key, value;
            if (isPair(pair)) {
                key = toJS(pair.key, '', ctx);
                value = toJS(pair.value, key, ctx);
            }
            else {
                key = toJS(pair, '', ctx);
            }
            if (map.has(key))
                throw new Error('Ordered maps must not include duplicate keys');
            map.set(key, value);
        }
        return map;
    }
    static from(schema, iterable, ctx) {
        const pairs = createPairs(schema, iterable, ctx);
        const omap = new this();
        omap.items = pairs.items;
        return omap;
    }
}
YAMLOMap.tag = 'tag:yaml.org,2002:omap';
const omap = {
    collection: 'seq',
    identify: value => value instanceof Map,
    nodeClass: YAMLOMap,
    default: false,
    tag: 'tag:yaml.org,2002:omap',
    resolve(seq, onError) {
        const pairs = resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs.items) {
            if (isScalar(key)) {
                if (seenKeys.includes(key.value)) {
                    onError(`Ordered maps must not include duplicate keys: ${key.value}`);
                }
                else {
                    seenKeys.push(key.value);
                }
            }
        }
        return Object.assign(new YAMLOMap(), pairs);
    },
    createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
};

function boolStringify({ value, source }, ctx) {
    const boolObj = value ? trueTag : falseTag;
    if (source && boolObj.test.test(source))
        return source;
    return value ? ctx.options.trueStr : ctx.options.falseStr;
}
const trueTag = {
    identify: value => value === true,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
    resolve: () => new Scalar(true),
    stringify: boolStringify
};
const falseTag = {
    identify: value => value === false,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
    resolve: () => new Scalar(false),
    stringify: boolStringify
};

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: (str) => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
    resolve: (str) => parseFloat(str.replace(/_/g, '')),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
    resolve(str) {
        const node = new Scalar(parseFloat(str.replace(/_/g, '')));
        const dot = str.indexOf('.');
        if (dot !== -1) {
            const f = str.substring(dot + 1).replace(/_/g, '');
            if (f[f.length - 1] === '0')
                node.minFractionDigits = f.length;
        }
        return node;
    },
    stringify: stringifyNumber
};

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
function intResolve(str, offset, radix, { intAsBigInt }) {
    const sign = str[0];
    if (sign === '-' || sign === '+')
        offset += 1;
    str = str.substring(offset).replace(/_/g, '');
    if (intAsBigInt) {
        switch (radix) {
            case 2:
                str = `0b${str}`;
                break;
            case 8:
                str = `0o${str}`;
                break;
            case 16:
                str = `0x${str}`;
                break;
        }
        const n = BigInt(str);
        return sign === '-' ? BigInt(-1) * n : n;
    }
    const n = parseInt(str, radix);
    return sign === '-' ? -1 * n : n;
}
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? '-' + prefix + str.substr(1) : prefix + str;
    }
    return stringifyNumber(node);
}
const intBin = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'BIN',
    test: /^[-+]?0b[0-1_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
    stringify: node => intStringify(node, 2, '0b')
};
const intOct = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^[-+]?0[0-7_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
    stringify: node => intStringify(node, 8, '0')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9][0-9_]*$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber
};
const intHex = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^[-+]?0x[0-9a-fA-F_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

class YAMLSet extends YAMLMap {
    constructor(schema) {
        super(schema);
        this.tag = YAMLSet.tag;
    }
    add(key) {
        let pair;
        if (isPair(key))
            pair = key;
        else if (key &&
            typeof key === 'object' &&
            'key' in key &&
            'value' in key &&
            key.value === null)
            pair = new Pair(key.key, null);
        else
            pair = new Pair(key, null);
        const prev = findPair(this.items, pair.key);
        if (!prev)
            this.items.push(pair);
    }
    /**
     * If `keepPair` is `true`, returns the Pair matching `key`.
     * Otherwise, returns the value of that Pair's key.
     */
    get(key, keepPair) {
        const pair = findPair(this.items, key);
        return !keepPair && isPair(pair)
            ? isScalar(pair.key)
                ? pair.key.value
                : pair.key
            : pair;
    }
    set(key, value) {
        if (typeof value !== 'boolean')
            throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = findPair(this.items, key);
        if (prev && !value) {
            this.items.splice(this.items.indexOf(prev), 1);
        }
        else if (!prev && value) {
            this.items.push(new Pair(key));
        }
    }
    toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        if (this.hasAllNullValues(true))
            return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
            throw new Error('Set items must all have null values');
    }
    static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
            for (let value of iterable) {
                if (typeof replacer === 'function')
                    value = replacer.call(iterable, value, value);
                set.items.push(createPair(value, null, ctx));
            }
        return set;
    }
}
YAMLSet.tag = 'tag:yaml.org,2002:set';
const set = {
    collection: 'map',
    identify: value => value instanceof Set,
    nodeClass: YAMLSet,
    default: false,
    tag: 'tag:yaml.org,2002:set',
    createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
    resolve(map, onError) {
        if (isMap(map)) {
            if (map.hasAllNullValues(true))
                return Object.assign(new YAMLSet(), map);
            else
                onError('Set items must all have null values');
        }
        else
            onError('Expected a mapping for this tag');
        return map;
    }
};

/** Internal types handle bigint as number, because TS can't figure it out. */
function parseSexagesimal(str, asBigInt) {
    const sign = str[0];
    const parts = sign === '-' || sign === '+' ? str.substring(1) : str;
    const num = (n) => asBigInt ? BigInt(n) : Number(n);
    const res = parts
        .replace(/_/g, '')
        .split(':')
        .reduce((res, p) => res * num(60) + num(p), num(0));
    return (sign === '-' ? num(-1) * res : res);
}
/**
 * hhhh:mm:ss.sss
 *
 * Internal types handle bigint as number, because TS can't figure it out.
 */
function stringifySexagesimal(node) {
    let { value } = node;
    let num = (n) => n;
    if (typeof value === 'bigint')
        num = n => BigInt(n);
    else if (isNaN(value) || !isFinite(value))
        return stringifyNumber(node);
    let sign = '';
    if (value < 0) {
        sign = '-';
        value *= num(-1);
    }
    const _60 = num(60);
    const parts = [value % _60]; // seconds, including ms
    if (value < 60) {
        parts.unshift(0); // at least one : is required
    }
    else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60); // minutes
        if (value >= 60) {
            value = (value - parts[0]) / _60;
            parts.unshift(value); // hours
        }
    }
    return (sign +
        parts
            .map(n => String(n).padStart(2, '0'))
            .join(':')
            .replace(/000000\d*$/, '') // % 60 may introduce error
    );
}
const intTime = {
    identify: value => typeof value === 'bigint' || Number.isInteger(value),
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
    resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
    stringify: stringifySexagesimal
};
const floatTime = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
    resolve: str => parseSexagesimal(str, false),
    stringify: stringifySexagesimal
};
const timestamp = {
    identify: value => value instanceof Date,
    default: true,
    tag: 'tag:yaml.org,2002:timestamp',
    // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
    // may be omitted altogether, resulting in a date format. In such a case, the time part is
    // assumed to be 00:00:00Z (start of day, UTC).
    test: RegExp('^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})' + // YYYY-Mm-Dd
        '(?:' + // time is optional
        '(?:t|T|[ \\t]+)' + // t | T | whitespace
        '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)' + // Hh:Mm:Ss(.ss)?
        '(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?' + // Z | +5 | -03:30
        ')?$'),
    resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
            throw new Error('!!timestamp expects a date, starting with yyyy-mm-dd');
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + '00').substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== 'Z') {
            let d = parseSexagesimal(tz, false);
            if (Math.abs(d) < 30)
                d *= 60;
            date -= 60000 * d;
        }
        return new Date(date);
    },
    stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, '') ?? ''
};

const schema = [
    map,
    seq,
    string,
    nullTag,
    trueTag,
    falseTag,
    intBin,
    intOct,
    int,
    intHex,
    floatNaN,
    floatExp,
    float,
    binary,
    merge,
    omap,
    pairs,
    set,
    intTime,
    floatTime,
    timestamp
];

const schemas = new Map([
    ['core', schema$2],
    ['failsafe', [map, seq, string]],
    ['json', schema$1],
    ['yaml11', schema],
    ['yaml-1.1', schema]
]);
const tagsByName = {
    binary,
    bool: boolTag,
    float: float$1,
    floatExp: floatExp$1,
    floatNaN: floatNaN$1,
    floatTime,
    int: int$1,
    intHex: intHex$1,
    intOct: intOct$1,
    intTime,
    map,
    merge,
    null: nullTag,
    omap,
    pairs,
    seq,
    set,
    timestamp
};
const coreKnownTags = {
    'tag:yaml.org,2002:binary': binary,
    'tag:yaml.org,2002:merge': merge,
    'tag:yaml.org,2002:omap': omap,
    'tag:yaml.org,2002:pairs': pairs,
    'tag:yaml.org,2002:set': set,
    'tag:yaml.org,2002:timestamp': timestamp
};
function getTags(customTags, schemaName, addMergeTag) {
    const schemaTags = schemas.get(schemaName);
    if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge)
            ? schemaTags.concat(merge)
            : schemaTags.slice();
    }
    let tags = schemaTags;
    if (!tags) {
        if (Array.isArray(customTags))
            tags = [];
        else {
            const keys = Array.from(schemas.keys())
                .filter(key => key !== 'yaml11')
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
    }
    if (Array.isArray(customTags)) {
        for (const tag of customTags)
            tags = tags.concat(tag);
    }
    else if (typeof customTags === 'function') {
        tags = customTags(tags.slice());
    }
    if (addMergeTag)
        tags = tags.concat(merge);
    return tags.reduce((tags, tag) => {
        const tagObj = typeof tag === 'string' ? tagsByName[tag] : tag;
        if (!tagObj) {
            const tagName = JSON.stringify(tag);
            const keys = Object.keys(tagsByName)
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags.includes(tagObj))
            tags.push(tagObj);
        return tags;
    }, []);
}

const sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
class Schema {
    constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat)
            ? getTags(compat, 'compat')
            : compat
                ? getTags(null, compat)
                : null;
        this.name = (typeof schema === 'string' && schema) || 'core';
        this.knownTags = resolveKnownTags ? coreKnownTags : {};
        this.tags = getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, MAP, { value: map });
        Object.defineProperty(this, SCALAR$1, { value: string });
        Object.defineProperty(this, SEQ, { value: seq });
        // Used by createMap()
        this.sortMapEntries =
            typeof sortMapEntries === 'function'
                ? sortMapEntries
                : sortMapEntries === true
                    ? sortMapEntriesByKey
                    : null;
    }
    clone() {
        const copy = Object.create(Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
    }
}

function stringifyDocument(doc, options) {
    const lines = [];
    let hasDirectives = options.directives === true;
    if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
            lines.push(dir);
            hasDirectives = true;
        }
        else if (doc.directives.docStart)
            hasDirectives = true;
    }
    if (hasDirectives)
        lines.push('---');
    const ctx = createStringifyContext(doc, options);
    const { commentString } = ctx.options;
    if (doc.commentBefore) {
        if (lines.length !== 1)
            lines.unshift('');
        const cs = commentString(doc.commentBefore);
        lines.unshift(indentComment(cs, ''));
    }
    let chompKeep = false;
    let contentComment = null;
    if (doc.contents) {
        if (isNode(doc.contents)) {
            if (doc.contents.spaceBefore && hasDirectives)
                lines.push('');
            if (doc.contents.commentBefore) {
                const cs = commentString(doc.contents.commentBefore);
                lines.push(indentComment(cs, ''));
            }
            // top-level block scalars need to be indented if followed by a comment
            ctx.forceBlockIndent = !!doc.comment;
            contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? undefined : () => (chompKeep = true);
        let body = stringify(doc.contents, ctx, () => (contentComment = null), onChompKeep);
        if (contentComment)
            body += lineComment(body, '', commentString(contentComment));
        if ((body[0] === '|' || body[0] === '>') &&
            lines[lines.length - 1] === '---') {
            // Top-level block scalars with a preceding doc marker ought to use the
            // same line for their header.
            lines[lines.length - 1] = `--- ${body}`;
        }
        else
            lines.push(body);
    }
    else {
        lines.push(stringify(doc.contents, ctx));
    }
    if (doc.directives?.docEnd) {
        if (doc.comment) {
            const cs = commentString(doc.comment);
            if (cs.includes('\n')) {
                lines.push('...');
                lines.push(indentComment(cs, ''));
            }
            else {
                lines.push(`... ${cs}`);
            }
        }
        else {
            lines.push('...');
        }
    }
    else {
        let dc = doc.comment;
        if (dc && chompKeep)
            dc = dc.replace(/^\n+/, '');
        if (dc) {
            if ((!chompKeep || contentComment) && lines[lines.length - 1] !== '')
                lines.push('');
            lines.push(indentComment(commentString(dc), ''));
        }
    }
    return lines.join('\n') + '\n';
}

class Document {
    constructor(value, replacer, options) {
        /** A comment before this Document */
        this.commentBefore = null;
        /** A comment immediately after this Document */
        this.comment = null;
        /** Errors encountered during parsing. */
        this.errors = [];
        /** Warnings encountered during parsing. */
        this.warnings = [];
        Object.defineProperty(this, NODE_TYPE, { value: DOC });
        let _replacer = null;
        if (typeof replacer === 'function' || Array.isArray(replacer)) {
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const opt = Object.assign({
            intAsBigInt: false,
            keepSourceTokens: false,
            logLevel: 'warn',
            prettyErrors: true,
            strict: true,
            stringKeys: false,
            uniqueKeys: true,
            version: '1.2'
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
            this.directives = options._directives.atDocument();
            if (this.directives.yaml.explicit)
                version = this.directives.yaml.version;
        }
        else
            this.directives = new Directives({ version });
        this.setSchema(version, options);
        // @ts-expect-error We can't really know that this matches Contents.
        this.contents =
            value === undefined ? null : this.createNode(value, _replacer, options);
    }
    /**
     * Create a deep copy of this Document and its contents.
     *
     * Custom Node values that inherit from `Object` still refer to their original instances.
     */
    clone() {
        const copy = Object.create(Document.prototype, {
            [NODE_TYPE]: { value: DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
            copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        // @ts-expect-error We can't really know that this matches Contents.
        copy.contents = isNode(this.contents)
            ? this.contents.clone(copy.schema)
            : this.contents;
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /** Adds a value to the document. */
    add(value) {
        if (assertCollection(this.contents))
            this.contents.add(value);
    }
    /** Adds a value to the document. */
    addIn(path, value) {
        if (assertCollection(this.contents))
            this.contents.addIn(path, value);
    }
    /**
     * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
     *
     * If `node` already has an anchor, `name` is ignored.
     * Otherwise, the `node.anchor` value will be set to `name`,
     * or if an anchor with that name is already present in the document,
     * `name` will be used as a prefix for a new unique anchor.
     * If `name` is undefined, the generated anchor will use 'a' as a prefix.
     */
    createAlias(node, name) {
        if (!node.anchor) {
            const prev = anchorNames(this);
            node.anchor =
                // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
                !name || prev.has(name) ? findNewAnchor(name || 'a', prev) : name;
        }
        return new Alias(node.anchor);
    }
    createNode(value, replacer, options) {
        let _replacer = undefined;
        if (typeof replacer === 'function') {
            value = replacer.call({ '': value }, '', value);
            _replacer = replacer;
        }
        else if (Array.isArray(replacer)) {
            const keyToStr = (v) => typeof v === 'number' || v instanceof String || v instanceof Number;
            const asStr = replacer.filter(keyToStr).map(String);
            if (asStr.length > 0)
                replacer = replacer.concat(asStr);
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = createNodeAnchors(this, 
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        anchorPrefix || 'a');
        const ctx = {
            aliasDuplicateObjects: aliasDuplicateObjects ?? true,
            keepUndefined: keepUndefined ?? false,
            onAnchor,
            onTagObj,
            replacer: _replacer,
            schema: this.schema,
            sourceObjects
        };
        const node = createNode(value, tag, ctx);
        if (flow && isCollection(node))
            node.flow = true;
        setAnchors();
        return node;
    }
    /**
     * Convert a key and a value into a `Pair` using the current schema,
     * recursively wrapping all values as `Scalar` or `Collection` nodes.
     */
    createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair(k, v);
    }
    /**
     * Removes a value from the document.
     * @returns `true` if the item was found and removed.
     */
    delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
    }
    /**
     * Removes a value from the document.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        if (isEmptyPath(path)) {
            if (this.contents == null)
                return false;
            // @ts-expect-error Presumed impossible if Strict extends false
            this.contents = null;
            return true;
        }
        return assertCollection(this.contents)
            ? this.contents.deleteIn(path)
            : false;
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    get(key, keepScalar) {
        return isCollection(this.contents)
            ? this.contents.get(key, keepScalar)
            : undefined;
    }
    /**
     * Returns item at `path`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        if (isEmptyPath(path))
            return !keepScalar && isScalar(this.contents)
                ? this.contents.value
                : this.contents;
        return isCollection(this.contents)
            ? this.contents.getIn(path, keepScalar)
            : undefined;
    }
    /**
     * Checks if the document includes a value with the key `key`.
     */
    has(key) {
        return isCollection(this.contents) ? this.contents.has(key) : false;
    }
    /**
     * Checks if the document includes a value at `path`.
     */
    hasIn(path) {
        if (isEmptyPath(path))
            return this.contents !== undefined;
        return isCollection(this.contents) ? this.contents.hasIn(path) : false;
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    set(key, value) {
        if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = collectionFromPath(this.schema, [key], value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.set(key, value);
        }
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        if (isEmptyPath(path)) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = value;
        }
        else if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = collectionFromPath(this.schema, Array.from(path), value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.setIn(path, value);
        }
    }
    /**
     * Change the YAML version and schema used by the document.
     * A `null` version disables support for directives, explicit tags, anchors, and aliases.
     * It also requires the `schema` option to be given as a `Schema` instance value.
     *
     * Overrides all previously set schema options.
     */
    setSchema(version, options = {}) {
        if (typeof version === 'number')
            version = String(version);
        let opt;
        switch (version) {
            case '1.1':
                if (this.directives)
                    this.directives.yaml.version = '1.1';
                else
                    this.directives = new Directives({ version: '1.1' });
                opt = { resolveKnownTags: false, schema: 'yaml-1.1' };
                break;
            case '1.2':
            case 'next':
                if (this.directives)
                    this.directives.yaml.version = version;
                else
                    this.directives = new Directives({ version });
                opt = { resolveKnownTags: true, schema: 'core' };
                break;
            case null:
                if (this.directives)
                    delete this.directives;
                opt = null;
                break;
            default: {
                const sv = JSON.stringify(version);
                throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
            }
        }
        // Not using `instanceof Schema` to allow for duck typing
        if (options.schema instanceof Object)
            this.schema = options.schema;
        else if (opt)
            this.schema = new Schema(Object.assign(opt, options));
        else
            throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
    }
    // json & jsonArg are only used from toJSON()
    toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
            anchors: new Map(),
            doc: this,
            keep: !json,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS(this.contents, jsonArg ?? '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver(reviver, { '': res }, '', res)
            : res;
    }
    /**
     * A JSON representation of the document `contents`.
     *
     * @param jsonArg Used by `JSON.stringify` to indicate the array index or
     *   property name.
     */
    toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
    }
    /** A YAML representation of the document. */
    toString(options = {}) {
        if (this.errors.length > 0)
            throw new Error('Document with errors cannot be stringified');
        if ('indent' in options &&
            (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
            const s = JSON.stringify(options.indent);
            throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument(this, options);
    }
}
function assertCollection(contents) {
    if (isCollection(contents))
        return true;
    throw new Error('Expected a YAML collection as document contents');
}

class YAMLError extends Error {
    constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
    }
}
class YAMLParseError extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLParseError', pos, code, message);
    }
}
class YAMLWarning extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLWarning', pos, code, message);
    }
}
const prettifyError = (src, lc) => (error) => {
    if (error.pos[0] === -1)
        return;
    error.linePos = error.pos.map(pos => lc.linePos(pos));
    const { line, col } = error.linePos[0];
    error.message += ` at line ${line}, column ${col}`;
    let ci = col - 1;
    let lineStr = src
        .substring(lc.lineStarts[line - 1], lc.lineStarts[line])
        .replace(/[\n\r]+$/, '');
    // Trim to max 80 chars, keeping col position near the middle
    if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = '…' + lineStr.substring(trimStart);
        ci -= trimStart - 1;
    }
    if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + '…';
    // Include previous line in context if pointing at line start
    if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        // Regexp won't match if start is trimmed
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
            prev = prev.substring(0, 79) + '…\n';
        lineStr = prev + lineStr;
    }
    if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
            count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = ' '.repeat(ci) + '^'.repeat(count);
        error.message += `:\n\n${lineStr}\n${pointer}\n`;
    }
};

function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
    let spaceBefore = false;
    let atNewline = startOnNewline;
    let hasSpace = startOnNewline;
    let comment = '';
    let commentSep = '';
    let hasNewline = false;
    let reqSpace = false;
    let tab = null;
    let anchor = null;
    let tag = null;
    let newlineAfterProp = null;
    let comma = null;
    let found = null;
    let start = null;
    for (const token of tokens) {
        if (reqSpace) {
            if (token.type !== 'space' &&
                token.type !== 'newline' &&
                token.type !== 'comma')
                onError(token.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
            reqSpace = false;
        }
        if (tab) {
            if (atNewline && token.type !== 'comment' && token.type !== 'newline') {
                onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
            }
            tab = null;
        }
        switch (token.type) {
            case 'space':
                // At the doc level, tabs at line start may be parsed
                // as leading white space rather than indentation.
                // In a flow collection, only the parser handles indent.
                if (!flow &&
                    (indicator !== 'doc-start' || next?.type !== 'flow-collection') &&
                    token.source.includes('\t')) {
                    tab = token;
                }
                hasSpace = true;
                break;
            case 'comment': {
                if (!hasSpace)
                    onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                const cb = token.source.substring(1) || ' ';
                if (!comment)
                    comment = cb;
                else
                    comment += commentSep + cb;
                commentSep = '';
                atNewline = false;
                break;
            }
            case 'newline':
                if (atNewline) {
                    if (comment)
                        comment += token.source;
                    else if (!found || indicator !== 'seq-item-ind')
                        spaceBefore = true;
                }
                else
                    commentSep += token.source;
                atNewline = true;
                hasNewline = true;
                if (anchor || tag)
                    newlineAfterProp = token;
                hasSpace = true;
                break;
            case 'anchor':
                if (anchor)
                    onError(token, 'MULTIPLE_ANCHORS', 'A node can have at most one anchor');
                if (token.source.endsWith(':'))
                    onError(token.offset + token.source.length - 1, 'BAD_ALIAS', 'Anchor ending in : is ambiguous', true);
                anchor = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            case 'tag': {
                if (tag)
                    onError(token, 'MULTIPLE_TAGS', 'A node can have at most one tag');
                tag = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            }
            case indicator:
                // Could here handle preceding comments differently
                if (anchor || tag)
                    onError(token, 'BAD_PROP_ORDER', `Anchors and tags must be after the ${token.source} indicator`);
                if (found)
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.source} in ${flow ?? 'collection'}`);
                found = token;
                atNewline =
                    indicator === 'seq-item-ind' || indicator === 'explicit-key-ind';
                hasSpace = false;
                break;
            case 'comma':
                if (flow) {
                    if (comma)
                        onError(token, 'UNEXPECTED_TOKEN', `Unexpected , in ${flow}`);
                    comma = token;
                    atNewline = false;
                    hasSpace = false;
                    break;
                }
            // else fallthrough
            default:
                onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.type} token`);
                atNewline = false;
                hasSpace = false;
        }
    }
    const last = tokens[tokens.length - 1];
    const end = last ? last.offset + last.source.length : offset;
    if (reqSpace &&
        next &&
        next.type !== 'space' &&
        next.type !== 'newline' &&
        next.type !== 'comma' &&
        (next.type !== 'scalar' || next.source !== '')) {
        onError(next.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
    }
    if (tab &&
        ((atNewline && tab.indent <= parentIndent) ||
            next?.type === 'block-map' ||
            next?.type === 'block-seq'))
        onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
    return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
    };
}

function containsNewline(key) {
    if (!key)
        return null;
    switch (key.type) {
        case 'alias':
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            if (key.source.includes('\n'))
                return true;
            if (key.end)
                for (const st of key.end)
                    if (st.type === 'newline')
                        return true;
            return false;
        case 'flow-collection':
            for (const it of key.items) {
                for (const st of it.start)
                    if (st.type === 'newline')
                        return true;
                if (it.sep)
                    for (const st of it.sep)
                        if (st.type === 'newline')
                            return true;
                if (containsNewline(it.key) || containsNewline(it.value))
                    return true;
            }
            return false;
        default:
            return true;
    }
}

function flowIndentCheck(indent, fc, onError) {
    if (fc?.type === 'flow-collection') {
        const end = fc.end[0];
        if (end.indent === indent &&
            (end.source === ']' || end.source === '}') &&
            containsNewline(fc)) {
            const msg = 'Flow end indicator should be more indented than parent';
            onError(end, 'BAD_INDENT', msg, true);
        }
    }
}

function mapIncludes(ctx, items, search) {
    const { uniqueKeys } = ctx.options;
    if (uniqueKeys === false)
        return false;
    const isEqual = typeof uniqueKeys === 'function'
        ? uniqueKeys
        : (a, b) => a === b || (isScalar(a) && isScalar(b) && a.value === b.value);
    return items.some(pair => isEqual(pair.key, search));
}

const startColMsg = 'All mapping items must start at the same column';
function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLMap;
    const map = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    let offset = bm.offset;
    let commentEnd = null;
    for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        // key properties
        const keyProps = resolveProps(start, {
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: bm.indent,
            startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
            if (key) {
                if (key.type === 'block-seq')
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'A block sequence may not be used as an implicit map key');
                else if ('indent' in key && key.indent !== bm.indent)
                    onError(offset, 'BAD_INDENT', startColMsg);
            }
            if (!keyProps.anchor && !keyProps.tag && !sep) {
                commentEnd = keyProps.end;
                if (keyProps.comment) {
                    if (map.comment)
                        map.comment += '\n' + keyProps.comment;
                    else
                        map.comment = keyProps.comment;
                }
                continue;
            }
            if (keyProps.newlineAfterProp || containsNewline(key)) {
                onError(key ?? start[start.length - 1], 'MULTILINE_IMPLICIT_KEY', 'Implicit keys need to be on a single line');
            }
        }
        else if (keyProps.found?.indent !== bm.indent) {
            onError(offset, 'BAD_INDENT', startColMsg);
        }
        // key value
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key
            ? composeNode(ctx, key, keyProps, onError)
            : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
            flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (mapIncludes(ctx, map.items, keyNode))
            onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
        // value properties
        const valueProps = resolveProps(sep ?? [], {
            indicator: 'map-value-ind',
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: bm.indent,
            startOnNewline: !key || key.type === 'block-scalar'
        });
        offset = valueProps.end;
        if (valueProps.found) {
            if (implicitKey) {
                if (value?.type === 'block-map' && !valueProps.hasNewline)
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'Nested mappings are not allowed in compact mappings');
                if (ctx.options.strict &&
                    keyProps.start < valueProps.found.offset - 1024)
                    onError(keyNode.range, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit block mapping key');
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
            if (ctx.schema.compat)
                flowIndentCheck(bm.indent, value, onError);
            offset = valueNode.range[2];
            const pair = new Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
        else {
            // key with no value
            if (implicitKey)
                onError(keyNode.range, 'MISSING_CHAR', 'Implicit map keys need to be followed by map values');
            if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair(keyNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
    }
    if (commentEnd && commentEnd < offset)
        onError(commentEnd, 'IMPOSSIBLE', 'Map comment with trailing content');
    map.range = [bm.offset, offset, commentEnd ?? offset];
    return map;
}

function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLSeq;
    const seq = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    if (ctx.atKey)
        ctx.atKey = false;
    let offset = bs.offset;
    let commentEnd = null;
    for (const { start, value } of bs.items) {
        const props = resolveProps(start, {
            indicator: 'seq-item-ind',
            next: value,
            offset,
            onError,
            parentIndent: bs.indent,
            startOnNewline: true
        });
        if (!props.found) {
            if (props.anchor || props.tag || value) {
                if (value?.type === 'block-seq')
                    onError(props.end, 'BAD_INDENT', 'All sequence items must start at the same column');
                else
                    onError(offset, 'MISSING_CHAR', 'Sequence item without - indicator');
            }
            else {
                commentEnd = props.end;
                if (props.comment)
                    seq.comment = props.comment;
                continue;
            }
        }
        const node = value
            ? composeNode(ctx, value, props, onError)
            : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
            flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
    }
    seq.range = [bs.offset, offset, commentEnd ?? offset];
    return seq;
}

function resolveEnd(end, offset, reqSpace, onError) {
    let comment = '';
    if (end) {
        let hasSpace = false;
        let sep = '';
        for (const token of end) {
            const { source, type } = token;
            switch (type) {
                case 'space':
                    hasSpace = true;
                    break;
                case 'comment': {
                    if (reqSpace && !hasSpace)
                        onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                    const cb = source.substring(1) || ' ';
                    if (!comment)
                        comment = cb;
                    else
                        comment += sep + cb;
                    sep = '';
                    break;
                }
                case 'newline':
                    if (comment)
                        sep += source;
                    hasSpace = true;
                    break;
                default:
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${type} at node end`);
            }
            offset += source.length;
        }
    }
    return { comment, offset };
}

const blockMsg = 'Block collections are not allowed within flow collections';
const isBlock = (token) => token && (token.type === 'block-map' || token.type === 'block-seq');
function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
    const isMap = fc.start.source === '{';
    const fcName = isMap ? 'flow map' : 'flow sequence';
    const NodeClass = (tag?.nodeClass ?? (isMap ? YAMLMap : YAMLSeq));
    const coll = new NodeClass(ctx.schema);
    coll.flow = true;
    const atRoot = ctx.atRoot;
    if (atRoot)
        ctx.atRoot = false;
    if (ctx.atKey)
        ctx.atKey = false;
    let offset = fc.offset + fc.start.source.length;
    for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps(start, {
            flow: fcName,
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
        });
        if (!props.found) {
            if (!props.anchor && !props.tag && !sep && !value) {
                if (i === 0 && props.comma)
                    onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
                else if (i < fc.items.length - 1)
                    onError(props.start, 'UNEXPECTED_TOKEN', `Unexpected empty item in ${fcName}`);
                if (props.comment) {
                    if (coll.comment)
                        coll.comment += '\n' + props.comment;
                    else
                        coll.comment = props.comment;
                }
                offset = props.end;
                continue;
            }
            if (!isMap && ctx.options.strict && containsNewline(key))
                onError(key, // checked by containsNewline()
                'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
        }
        if (i === 0) {
            if (props.comma)
                onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
        }
        else {
            if (!props.comma)
                onError(props.start, 'MISSING_CHAR', `Missing , between ${fcName} items`);
            if (props.comment) {
                let prevItemComment = '';
                loop: for (const st of start) {
                    switch (st.type) {
                        case 'comma':
                        case 'space':
                            break;
                        case 'comment':
                            prevItemComment = st.source.substring(1);
                            break loop;
                        default:
                            break loop;
                    }
                }
                if (prevItemComment) {
                    let prev = coll.items[coll.items.length - 1];
                    if (isPair(prev))
                        prev = prev.value ?? prev.key;
                    if (prev.comment)
                        prev.comment += '\n' + prevItemComment;
                    else
                        prev.comment = prevItemComment;
                    props.comment = props.comment.substring(prevItemComment.length + 1);
                }
            }
        }
        if (!isMap && !sep && !props.found) {
            // item is a value in a seq
            // → key & sep are empty, start does not include ? or :
            const valueNode = value
                ? composeNode(ctx, value, props, onError)
                : composeEmptyNode(ctx, props.end, sep, null, props, onError);
            coll.items.push(valueNode);
            offset = valueNode.range[2];
            if (isBlock(value))
                onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
        }
        else {
            // item is a key+value pair
            // key value
            ctx.atKey = true;
            const keyStart = props.end;
            const keyNode = key
                ? composeNode(ctx, key, props, onError)
                : composeEmptyNode(ctx, keyStart, start, null, props, onError);
            if (isBlock(key))
                onError(keyNode.range, 'BLOCK_IN_FLOW', blockMsg);
            ctx.atKey = false;
            // value properties
            const valueProps = resolveProps(sep ?? [], {
                flow: fcName,
                indicator: 'map-value-ind',
                next: value,
                offset: keyNode.range[2],
                onError,
                parentIndent: fc.indent,
                startOnNewline: false
            });
            if (valueProps.found) {
                if (!isMap && !props.found && ctx.options.strict) {
                    if (sep)
                        for (const st of sep) {
                            if (st === valueProps.found)
                                break;
                            if (st.type === 'newline') {
                                onError(st, 'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
                                break;
                            }
                        }
                    if (props.start < valueProps.found.offset - 1024)
                        onError(valueProps.found, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit flow sequence key');
                }
            }
            else if (value) {
                if ('source' in value && value.source?.[0] === ':')
                    onError(value, 'MISSING_CHAR', `Missing space after : in ${fcName}`);
                else
                    onError(valueProps.start, 'MISSING_CHAR', `Missing , or : between ${fcName} items`);
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : valueProps.found
                    ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError)
                    : null;
            if (valueNode) {
                if (isBlock(value))
                    onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
            }
            else if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            if (isMap) {
                const map = coll;
                if (mapIncludes(ctx, map.items, keyNode))
                    onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
                map.items.push(pair);
            }
            else {
                const map = new YAMLMap(ctx.schema);
                map.flow = true;
                map.items.push(pair);
                const endRange = (valueNode ?? keyNode).range;
                map.range = [keyNode.range[0], endRange[1], endRange[2]];
                coll.items.push(map);
            }
            offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
    }
    const expectedEnd = isMap ? '}' : ']';
    const [ce, ...ee] = fc.end;
    let cePos = offset;
    if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
    else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot
            ? `${name} must end with a ${expectedEnd}`
            : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? 'MISSING_CHAR' : 'BAD_INDENT', msg);
        if (ce && ce.source.length !== 1)
            ee.unshift(ce);
    }
    if (ee.length > 0) {
        const end = resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
            if (coll.comment)
                coll.comment += '\n' + end.comment;
            else
                coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
    }
    else {
        coll.range = [fc.offset, cePos, cePos];
    }
    return coll;
}

function resolveCollection(CN, ctx, token, onError, tagName, tag) {
    const coll = token.type === 'block-map'
        ? resolveBlockMap(CN, ctx, token, onError, tag)
        : token.type === 'block-seq'
            ? resolveBlockSeq(CN, ctx, token, onError, tag)
            : resolveFlowCollection(CN, ctx, token, onError, tag);
    const Coll = coll.constructor;
    // If we got a tagName matching the class, or the tag name is '!',
    // then use the tagName from the node class used to create it.
    if (tagName === '!' || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
    }
    if (tagName)
        coll.tag = tagName;
    return coll;
}
function composeCollection(CN, ctx, token, props, onError) {
    const tagToken = props.tag;
    const tagName = !tagToken
        ? null
        : ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg));
    if (token.type === 'block-seq') {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken
            ? anchor.offset > tagToken.offset
                ? anchor
                : tagToken
            : (anchor ?? tagToken);
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
            const message = 'Missing newline after block sequence props';
            onError(lastProp, 'MISSING_CHAR', message);
        }
    }
    const expType = token.type === 'block-map'
        ? 'map'
        : token.type === 'block-seq'
            ? 'seq'
            : token.start.source === '{'
                ? 'map'
                : 'seq';
    // shortcut: check if it's a generic YAMLMap or YAMLSeq
    // before jumping into the custom tag logic.
    if (!tagToken ||
        !tagName ||
        tagName === '!' ||
        (tagName === YAMLMap.tagName && expType === 'map') ||
        (tagName === YAMLSeq.tagName && expType === 'seq')) {
        return resolveCollection(CN, ctx, token, onError, tagName);
    }
    let tag = ctx.schema.tags.find(t => t.tag === tagName && t.collection === expType);
    if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
            ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
            tag = kt;
        }
        else {
            if (kt) {
                onError(tagToken, 'BAD_COLLECTION_TYPE', `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? 'scalar'}`, true);
            }
            else {
                onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, true);
            }
            return resolveCollection(CN, ctx, token, onError, tagName);
        }
    }
    const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
    const res = tag.resolve?.(coll, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg), ctx.options) ?? coll;
    const node = isNode(res)
        ? res
        : new Scalar(res);
    node.range = coll.range;
    node.tag = tagName;
    if (tag?.format)
        node.format = tag.format;
    return node;
}

function resolveBlockScalar(ctx, scalar, onError) {
    const start = scalar.offset;
    const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
    if (!header)
        return { value: '', type: null, comment: '', range: [start, start, start] };
    const type = header.mode === '>' ? Scalar.BLOCK_FOLDED : Scalar.BLOCK_LITERAL;
    const lines = scalar.source ? splitLines(scalar.source) : [];
    // determine the end of content & start of chomping
    let chompStart = lines.length;
    for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === '' || content === '\r')
            chompStart = i;
        else
            break;
    }
    // shortcut for empty contents
    if (chompStart === 0) {
        const value = header.chomp === '+' && lines.length > 0
            ? '\n'.repeat(Math.max(1, lines.length - 1))
            : '';
        let end = start + header.length;
        if (scalar.source)
            end += scalar.source.length;
        return { value, type, comment: header.comment, range: [start, end, end] };
    }
    // find the indentation level to trim from start
    let trimIndent = scalar.indent + header.indent;
    let offset = scalar.offset + header.length;
    let contentStart = 0;
    for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === '' || content === '\r') {
            if (header.indent === 0 && indent.length > trimIndent)
                trimIndent = indent.length;
        }
        else {
            if (indent.length < trimIndent) {
                const message = 'Block scalars with more-indented leading empty lines must use an explicit indentation indicator';
                onError(offset + indent.length, 'MISSING_CHAR', message);
            }
            if (header.indent === 0)
                trimIndent = indent.length;
            contentStart = i;
            if (trimIndent === 0 && !ctx.atRoot) {
                const message = 'Block scalar values in collections must be indented';
                onError(offset, 'BAD_INDENT', message);
            }
            break;
        }
        offset += indent.length + content.length + 1;
    }
    // include trailing more-indented empty lines in content
    for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
            chompStart = i + 1;
    }
    let value = '';
    let sep = '';
    let prevMoreIndented = false;
    // leading whitespace is kept intact
    for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + '\n';
    for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === '\r';
        if (crlf)
            content = content.slice(0, -1);
        /* istanbul ignore if already caught in lexer */
        if (content && indent.length < trimIndent) {
            const src = header.indent
                ? 'explicit indentation indicator'
                : 'first line';
            const message = `Block scalar lines must not be less indented than their ${src}`;
            onError(offset - content.length - (crlf ? 2 : 1), 'BAD_INDENT', message);
            indent = '';
        }
        if (type === Scalar.BLOCK_LITERAL) {
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
        }
        else if (indent.length > trimIndent || content[0] === '\t') {
            // more-indented content within a folded block
            if (sep === ' ')
                sep = '\n';
            else if (!prevMoreIndented && sep === '\n')
                sep = '\n\n';
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
            prevMoreIndented = true;
        }
        else if (content === '') {
            // empty line
            if (sep === '\n')
                value += '\n';
            else
                sep = '\n';
        }
        else {
            value += sep + content;
            sep = ' ';
            prevMoreIndented = false;
        }
    }
    switch (header.chomp) {
        case '-':
            break;
        case '+':
            for (let i = chompStart; i < lines.length; ++i)
                value += '\n' + lines[i][0].slice(trimIndent);
            if (value[value.length - 1] !== '\n')
                value += '\n';
            break;
        default:
            value += '\n';
    }
    const end = start + header.length + scalar.source.length;
    return { value, type, comment: header.comment, range: [start, end, end] };
}
function parseBlockScalarHeader({ offset, props }, strict, onError) {
    /* istanbul ignore if should not happen */
    if (props[0].type !== 'block-scalar-header') {
        onError(props[0], 'IMPOSSIBLE', 'Block scalar header not found');
        return null;
    }
    const { source } = props[0];
    const mode = source[0];
    let indent = 0;
    let chomp = '';
    let error = -1;
    for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === '-' || ch === '+'))
            chomp = ch;
        else {
            const n = Number(ch);
            if (!indent && n)
                indent = n;
            else if (error === -1)
                error = offset + i;
        }
    }
    if (error !== -1)
        onError(error, 'UNEXPECTED_TOKEN', `Block scalar header includes extra characters: ${source}`);
    let hasSpace = false;
    let comment = '';
    let length = source.length;
    for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
            case 'space':
                hasSpace = true;
            // fallthrough
            case 'newline':
                length += token.source.length;
                break;
            case 'comment':
                if (strict && !hasSpace) {
                    const message = 'Comments must be separated from other tokens by white space characters';
                    onError(token, 'MISSING_CHAR', message);
                }
                length += token.source.length;
                comment = token.source.substring(1);
                break;
            case 'error':
                onError(token, 'UNEXPECTED_TOKEN', token.message);
                length += token.source.length;
                break;
            /* istanbul ignore next should not happen */
            default: {
                const message = `Unexpected token in block scalar header: ${token.type}`;
                onError(token, 'UNEXPECTED_TOKEN', message);
                const ts = token.source;
                if (ts && typeof ts === 'string')
                    length += ts.length;
            }
        }
    }
    return { mode, indent, chomp, comment, length };
}
/** @returns Array of lines split up as `[indent, content]` */
function splitLines(source) {
    const split = source.split(/\n( *)/);
    const first = split[0];
    const m = first.match(/^( *)/);
    const line0 = m?.[1]
        ? [m[1], first.slice(m[1].length)]
        : ['', first];
    const lines = [line0];
    for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
    return lines;
}

function resolveFlowScalar(scalar, strict, onError) {
    const { offset, type, source, end } = scalar;
    let _type;
    let value;
    const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
    switch (type) {
        case 'scalar':
            _type = Scalar.PLAIN;
            value = plainValue(source, _onError);
            break;
        case 'single-quoted-scalar':
            _type = Scalar.QUOTE_SINGLE;
            value = singleQuotedValue(source, _onError);
            break;
        case 'double-quoted-scalar':
            _type = Scalar.QUOTE_DOUBLE;
            value = doubleQuotedValue(source, _onError);
            break;
        /* istanbul ignore next should not happen */
        default:
            onError(scalar, 'UNEXPECTED_TOKEN', `Expected a flow scalar value, but found: ${type}`);
            return {
                value: '',
                type: null,
                comment: '',
                range: [offset, offset + source.length, offset + source.length]
            };
    }
    const valueEnd = offset + source.length;
    const re = resolveEnd(end, valueEnd, strict, onError);
    return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
    };
}
function plainValue(source, onError) {
    let badChar = '';
    switch (source[0]) {
        /* istanbul ignore next should not happen */
        case '\t':
            badChar = 'a tab character';
            break;
        case ',':
            badChar = 'flow indicator character ,';
            break;
        case '%':
            badChar = 'directive indicator character %';
            break;
        case '|':
        case '>': {
            badChar = `block scalar indicator ${source[0]}`;
            break;
        }
        case '@':
        case '`': {
            badChar = `reserved character ${source[0]}`;
            break;
        }
    }
    if (badChar)
        onError(0, 'BAD_SCALAR_START', `Plain value cannot start with ${badChar}`);
    return unfoldLines(source);
}
function singleQuotedValue(source, onError) {
    if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, 'MISSING_CHAR', "Missing closing 'quote");
    return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
}
function unfoldLines(source) {
    const line = /(.*?)\r?\n/sy;
    let match = line.exec(source);
    if (!match)
        return source;
    /**
     * The negative lookbehinds in these RegExps are to
     * prevent causing a polynomial search time in certain cases.
     *
     * The try-catch is for Safari < 16.4 and other old browsers:
     * https://caniuse.com/js-regexp-lookbehind
     */
    let trimEnd, trimBoth;
    try {
        trimEnd = new RegExp('(?<![ \t])[ \t]+$');
        trimBoth = new RegExp('^[ \t]+|(?<![ \t])[ \t]+$', 'g');
    }
    catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
    }
    let res = match[1].replace(trimEnd, '');
    let sep = ' ';
    let pos = line.lastIndex;
    while ((match = line.exec(source))) {
        const lm = match[1].replace(trimBoth, '');
        if (lm === '') {
            if (sep === '\n')
                res += sep;
            else
                sep = '\n';
        }
        else {
            res += sep + lm;
            sep = ' ';
        }
        pos = line.lastIndex;
    }
    const last = /[ \t]*(.*)/sy;
    last.lastIndex = pos;
    match = last.exec(source);
    return res + sep + (match?.[1] ?? '');
}
function doubleQuotedValue(source, onError) {
    let res = '';
    for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === '\r' && source[i + 1] === '\n')
            continue;
        if (ch === '\n') {
            const { fold, offset } = foldNewline(source, i);
            res += fold;
            i = offset;
        }
        else if (ch === '\\') {
            let next = source[++i];
            const cc = escapeCodes[next];
            if (cc)
                res += cc;
            else if (next === '\n') {
                // skip escaped newlines, but still trim the following line
                next = source[i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === '\r' && source[i + 1] === '\n') {
                // skip escaped CRLF newlines, but still trim the following line
                next = source[++i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === 'x' || next === 'u' || next === 'U') {
                const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
                res += parseCharCode(source, i + 1, length, onError);
                i += length;
            }
            else {
                const raw = source.substr(i - 1, 2);
                onError(i - 1, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
                res += raw;
            }
        }
        else if (ch === ' ' || ch === '\t') {
            // trim trailing whitespace
            const wsStart = i;
            let next = source[i + 1];
            while (next === ' ' || next === '\t')
                next = source[++i + 1];
            if (next !== '\n' && !(next === '\r' && source[i + 2] === '\n'))
                res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        }
        else {
            res += ch;
        }
    }
    if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, 'MISSING_CHAR', 'Missing closing "quote');
    return res;
}
/**
 * Fold a single newline into a space, multiple newlines to N - 1 newlines.
 * Presumes `source[offset] === '\n'`
 */
function foldNewline(source, offset) {
    let fold = '';
    let ch = source[offset + 1];
    while (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
        if (ch === '\r' && source[offset + 2] !== '\n')
            break;
        if (ch === '\n')
            fold += '\n';
        offset += 1;
        ch = source[offset + 1];
    }
    if (!fold)
        fold = ' ';
    return { fold, offset };
}
const escapeCodes = {
    '0': '\0', // null character
    a: '\x07', // bell character
    b: '\b', // backspace
    e: '\x1b', // escape character
    f: '\f', // form feed
    n: '\n', // line feed
    r: '\r', // carriage return
    t: '\t', // horizontal tab
    v: '\v', // vertical tab
    N: '\u0085', // Unicode next line
    _: '\u00a0', // Unicode non-breaking space
    L: '\u2028', // Unicode line separator
    P: '\u2029', // Unicode paragraph separator
    ' ': ' ',
    '"': '"',
    '/': '/',
    '\\': '\\',
    '\t': '\t'
};
function parseCharCode(source, offset, length, onError) {
    const cc = source.substr(offset, length);
    const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
    const code = ok ? parseInt(cc, 16) : NaN;
    try {
        return String.fromCodePoint(code);
    }
    catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
        return raw;
    }
}

function composeScalar(ctx, token, tagToken, onError) {
    const { value, type, comment, range } = token.type === 'block-scalar'
        ? resolveBlockScalar(ctx, token, onError)
        : resolveFlowScalar(token, ctx.options.strict, onError);
    const tagName = tagToken
        ? ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg))
        : null;
    let tag;
    if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[SCALAR$1];
    }
    else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
    else if (token.type === 'scalar')
        tag = findScalarTagByTest(ctx, value, token, onError);
    else
        tag = ctx.schema[SCALAR$1];
    let scalar;
    try {
        const res = tag.resolve(value, msg => onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg), ctx.options);
        scalar = isScalar(res) ? res : new Scalar(res);
    }
    catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg);
        scalar = new Scalar(value);
    }
    scalar.range = range;
    scalar.source = value;
    if (type)
        scalar.type = type;
    if (tagName)
        scalar.tag = tagName;
    if (tag.format)
        scalar.format = tag.format;
    if (comment)
        scalar.comment = comment;
    return scalar;
}
function findScalarTagByName(schema, value, tagName, tagToken, onError) {
    if (tagName === '!')
        return schema[SCALAR$1]; // non-specific tag
    const matchWithTest = [];
    for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
            if (tag.default && tag.test)
                matchWithTest.push(tag);
            else
                return tag;
        }
    }
    for (const tag of matchWithTest)
        if (tag.test?.test(value))
            return tag;
    const kt = schema.knownTags[tagName];
    if (kt && !kt.collection) {
        // Ensure that the known tag is available for stringifying,
        // but does not get used by default.
        schema.tags.push(Object.assign({}, kt, { default: false, test: undefined }));
        return kt;
    }
    onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, tagName !== 'tag:yaml.org,2002:str');
    return schema[SCALAR$1];
}
function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
    const tag = schema.tags.find(tag => (tag.default === true || (atKey && tag.default === 'key')) &&
        tag.test?.test(value)) || schema[SCALAR$1];
    if (schema.compat) {
        const compat = schema.compat.find(tag => tag.default && tag.test?.test(value)) ??
            schema[SCALAR$1];
        if (tag.tag !== compat.tag) {
            const ts = directives.tagString(tag.tag);
            const cs = directives.tagString(compat.tag);
            const msg = `Value may be parsed as either ${ts} or ${cs}`;
            onError(token, 'TAG_RESOLVE_FAILED', msg, true);
        }
    }
    return tag;
}

function emptyScalarPosition(offset, before, pos) {
    if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
            let st = before[i];
            switch (st.type) {
                case 'space':
                case 'comment':
                case 'newline':
                    offset -= st.source.length;
                    continue;
            }
            // Technically, an empty scalar is immediately after the last non-empty
            // node, but it's more useful to place it after any whitespace.
            st = before[++i];
            while (st?.type === 'space') {
                offset += st.source.length;
                st = before[++i];
            }
            break;
        }
    }
    return offset;
}

const CN = { composeNode, composeEmptyNode };
function composeNode(ctx, token, props, onError) {
    const atKey = ctx.atKey;
    const { spaceBefore, comment, anchor, tag } = props;
    let node;
    let isSrcToken = true;
    switch (token.type) {
        case 'alias':
            node = composeAlias(ctx, token, onError);
            if (anchor || tag)
                onError(token, 'ALIAS_PROPS', 'An alias node must not specify any properties');
            break;
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'block-scalar':
            node = composeScalar(ctx, token, tag, onError);
            if (anchor)
                node.anchor = anchor.source.substring(1);
            break;
        case 'block-map':
        case 'block-seq':
        case 'flow-collection':
            try {
                node = composeCollection(CN, ctx, token, props, onError);
                if (anchor)
                    node.anchor = anchor.source.substring(1);
            }
            catch (error) {
                // Almost certainly here due to a stack overflow
                const message = error instanceof Error ? error.message : String(error);
                onError(token, 'RESOURCE_EXHAUSTION', message);
            }
            break;
        default: {
            const message = token.type === 'error'
                ? token.message
                : `Unsupported token (type: ${token.type})`;
            onError(token, 'UNEXPECTED_TOKEN', message);
            isSrcToken = false;
        }
    }
    node ?? (node = composeEmptyNode(ctx, token.offset, undefined, null, props, onError));
    if (anchor && node.anchor === '')
        onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    if (atKey &&
        ctx.options.stringKeys &&
        (!isScalar(node) ||
            typeof node.value !== 'string' ||
            (node.tag && node.tag !== 'tag:yaml.org,2002:str'))) {
        const msg = 'With stringKeys, all keys must be strings';
        onError(tag ?? token, 'NON_STRING_KEY', msg);
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        if (token.type === 'scalar' && token.source === '')
            node.comment = comment;
        else
            node.commentBefore = comment;
    }
    // @ts-expect-error Type checking misses meaning of isSrcToken
    if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
    return node;
}
function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
    const token = {
        type: 'scalar',
        offset: emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ''
    };
    const node = composeScalar(ctx, token, tag, onError);
    if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === '')
            onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        node.comment = comment;
        node.range[2] = end;
    }
    return node;
}
function composeAlias({ options }, { offset, source, end }, onError) {
    const alias = new Alias(source.substring(1));
    if (alias.source === '')
        onError(offset, 'BAD_ALIAS', 'Alias cannot be an empty string');
    if (alias.source.endsWith(':'))
        onError(offset + source.length - 1, 'BAD_ALIAS', 'Alias ending in : is ambiguous', true);
    const valueEnd = offset + source.length;
    const re = resolveEnd(end, valueEnd, options.strict, onError);
    alias.range = [offset, valueEnd, re.offset];
    if (re.comment)
        alias.comment = re.comment;
    return alias;
}

function composeDoc(options, directives, { offset, start, value, end }, onError) {
    const opts = Object.assign({ _directives: directives }, options);
    const doc = new Document(undefined, opts);
    const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
    };
    const props = resolveProps(start, {
        indicator: 'doc-start',
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
    });
    if (props.found) {
        doc.directives.docStart = true;
        if (value &&
            (value.type === 'block-map' || value.type === 'block-seq') &&
            !props.hasNewline)
            onError(props.end, 'MISSING_CHAR', 'Block collection cannot start on same line with directives-end marker');
    }
    // @ts-expect-error If Contents is set, let's trust the user
    doc.contents = value
        ? composeNode(ctx, value, props, onError)
        : composeEmptyNode(ctx, props.end, start, null, props, onError);
    const contentEnd = doc.contents.range[2];
    const re = resolveEnd(end, contentEnd, false, onError);
    if (re.comment)
        doc.comment = re.comment;
    doc.range = [offset, contentEnd, re.offset];
    return doc;
}

function getErrorPos(src) {
    if (typeof src === 'number')
        return [src, src + 1];
    if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
    const { offset, source } = src;
    return [offset, offset + (typeof source === 'string' ? source.length : 1)];
}
function parsePrelude(prelude) {
    let comment = '';
    let atComment = false;
    let afterEmptyLine = false;
    for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
            case '#':
                comment +=
                    (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') +
                        (source.substring(1) || ' ');
                atComment = true;
                afterEmptyLine = false;
                break;
            case '%':
                if (prelude[i + 1]?.[0] !== '#')
                    i += 1;
                atComment = false;
                break;
            default:
                // This may be wrong after doc-end, but in that case it doesn't matter
                if (!atComment)
                    afterEmptyLine = true;
                atComment = false;
        }
    }
    return { comment, afterEmptyLine };
}
/**
 * Compose a stream of CST nodes into a stream of YAML Documents.
 *
 * ```ts
 * import { Composer, Parser } from 'yaml'
 *
 * const src: string = ...
 * const tokens = new Parser().parse(src)
 * const docs = new Composer().compose(tokens)
 * ```
 */
class Composer {
    constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
            const pos = getErrorPos(source);
            if (warning)
                this.warnings.push(new YAMLWarning(pos, code, message));
            else
                this.errors.push(new YAMLParseError(pos, code, message));
        };
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        this.directives = new Directives({ version: options.version || '1.2' });
        this.options = options;
    }
    decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        //console.log({ dc: doc.comment, prelude, comment })
        if (comment) {
            const dc = doc.contents;
            if (afterDoc) {
                doc.comment = doc.comment ? `${doc.comment}\n${comment}` : comment;
            }
            else if (afterEmptyLine || doc.directives.docStart || !dc) {
                doc.commentBefore = comment;
            }
            else if (isCollection(dc) && !dc.flow && dc.items.length > 0) {
                let it = dc.items[0];
                if (isPair(it))
                    it = it.key;
                const cb = it.commentBefore;
                it.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
            else {
                const cb = dc.commentBefore;
                dc.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
        }
        if (afterDoc) {
            for (let i = 0; i < this.errors.length; ++i)
                doc.errors.push(this.errors[i]);
            for (let i = 0; i < this.warnings.length; ++i)
                doc.warnings.push(this.warnings[i]);
        }
        else {
            doc.errors = this.errors;
            doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
    }
    /**
     * Current stream status information.
     *
     * Mostly useful at the end of input for an empty stream.
     */
    streamInfo() {
        return {
            comment: parsePrelude(this.prelude).comment,
            directives: this.directives,
            errors: this.errors,
            warnings: this.warnings
        };
    }
    /**
     * Compose tokens into documents.
     *
     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
     */
    *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
            yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
    }
    /** Advance the composer by one CST token. */
    *next(token) {
        switch (token.type) {
            case 'directive':
                this.directives.add(token.source, (offset, message, warning) => {
                    const pos = getErrorPos(token);
                    pos[0] += offset;
                    this.onError(pos, 'BAD_DIRECTIVE', message, warning);
                });
                this.prelude.push(token.source);
                this.atDirectives = true;
                break;
            case 'document': {
                const doc = composeDoc(this.options, this.directives, token, this.onError);
                if (this.atDirectives && !doc.directives.docStart)
                    this.onError(token, 'MISSING_CHAR', 'Missing directives-end/doc-start indicator line');
                this.decorate(doc, false);
                if (this.doc)
                    yield this.doc;
                this.doc = doc;
                this.atDirectives = false;
                break;
            }
            case 'byte-order-mark':
            case 'space':
                break;
            case 'comment':
            case 'newline':
                this.prelude.push(token.source);
                break;
            case 'error': {
                const msg = token.source
                    ? `${token.message}: ${JSON.stringify(token.source)}`
                    : token.message;
                const error = new YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg);
                if (this.atDirectives || !this.doc)
                    this.errors.push(error);
                else
                    this.doc.errors.push(error);
                break;
            }
            case 'doc-end': {
                if (!this.doc) {
                    const msg = 'Unexpected doc-end without preceding document';
                    this.errors.push(new YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg));
                    break;
                }
                this.doc.directives.docEnd = true;
                const end = resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
                this.decorate(this.doc, true);
                if (end.comment) {
                    const dc = this.doc.comment;
                    this.doc.comment = dc ? `${dc}\n${end.comment}` : end.comment;
                }
                this.doc.range[2] = end.offset;
                break;
            }
            default:
                this.errors.push(new YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', `Unsupported token ${token.type}`));
        }
    }
    /**
     * Call at end of input to yield any remaining document.
     *
     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
     */
    *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
            this.decorate(this.doc, true);
            yield this.doc;
            this.doc = null;
        }
        else if (forceDoc) {
            const opts = Object.assign({ _directives: this.directives }, this.options);
            const doc = new Document(undefined, opts);
            if (this.atDirectives)
                this.onError(endOffset, 'MISSING_CHAR', 'Missing directives-end indicator line');
            doc.range = [0, endOffset, endOffset];
            this.decorate(doc, false);
            yield doc;
        }
    }
}

/** The byte order mark */
const BOM = '\u{FEFF}';
/** Start of doc-mode */
const DOCUMENT = '\x02'; // C0: Start of Text
/** Unexpected end of flow-mode */
const FLOW_END = '\x18'; // C0: Cancel
/** Next token is a scalar value */
const SCALAR = '\x1f'; // C0: Unit Separator
/** Identify the type of a lexer token. May return `null` for unknown tokens. */
function tokenType(source) {
    switch (source) {
        case BOM:
            return 'byte-order-mark';
        case DOCUMENT:
            return 'doc-mode';
        case FLOW_END:
            return 'flow-error-end';
        case SCALAR:
            return 'scalar';
        case '---':
            return 'doc-start';
        case '...':
            return 'doc-end';
        case '':
        case '\n':
        case '\r\n':
            return 'newline';
        case '-':
            return 'seq-item-ind';
        case '?':
            return 'explicit-key-ind';
        case ':':
            return 'map-value-ind';
        case '{':
            return 'flow-map-start';
        case '}':
            return 'flow-map-end';
        case '[':
            return 'flow-seq-start';
        case ']':
            return 'flow-seq-end';
        case ',':
            return 'comma';
    }
    switch (source[0]) {
        case ' ':
        case '\t':
            return 'space';
        case '#':
            return 'comment';
        case '%':
            return 'directive-line';
        case '*':
            return 'alias';
        case '&':
            return 'anchor';
        case '!':
            return 'tag';
        case "'":
            return 'single-quoted-scalar';
        case '"':
            return 'double-quoted-scalar';
        case '|':
        case '>':
            return 'block-scalar-header';
    }
    return null;
}

/*
START -> stream

stream
  directive -> line-end -> stream
  indent + line-end -> stream
  [else] -> line-start

line-end
  comment -> line-end
  newline -> .
  input-end -> END

line-start
  doc-start -> doc
  doc-end -> stream
  [else] -> indent -> block-start

block-start
  seq-item-start -> block-start
  explicit-key-start -> block-start
  map-value-start -> block-start
  [else] -> doc

doc
  line-end -> line-start
  spaces -> doc
  anchor -> doc
  tag -> doc
  flow-start -> flow -> doc
  flow-end -> error -> doc
  seq-item-start -> error -> doc
  explicit-key-start -> error -> doc
  map-value-start -> doc
  alias -> doc
  quote-start -> quoted-scalar -> doc
  block-scalar-header -> line-end -> block-scalar(min) -> line-start
  [else] -> plain-scalar(false, min) -> doc

flow
  line-end -> flow
  spaces -> flow
  anchor -> flow
  tag -> flow
  flow-start -> flow -> flow
  flow-end -> .
  seq-item-start -> error -> flow
  explicit-key-start -> flow
  map-value-start -> flow
  alias -> flow
  quote-start -> quoted-scalar -> flow
  comma -> flow
  [else] -> plain-scalar(true, 0) -> flow

quoted-scalar
  quote-end -> .
  [else] -> quoted-scalar

block-scalar(min)
  newline + peek(indent < min) -> .
  [else] -> block-scalar(min)

plain-scalar(is-flow, min)
  scalar-end(is-flow) -> .
  peek(newline + (indent < min)) -> .
  [else] -> plain-scalar(min)
*/
function isEmpty(ch) {
    switch (ch) {
        case undefined:
        case ' ':
        case '\n':
        case '\r':
        case '\t':
            return true;
        default:
            return false;
    }
}
const hexDigits = new Set('0123456789ABCDEFabcdef');
const tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
const flowIndicatorChars = new Set(',[]{}');
const invalidAnchorChars = new Set(' ,[]{}\n\r\t');
const isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
/**
 * Splits an input string into lexical tokens, i.e. smaller strings that are
 * easily identifiable by `tokens.tokenType()`.
 *
 * Lexing starts always in a "stream" context. Incomplete input may be buffered
 * until a complete token can be emitted.
 *
 * In addition to slices of the original input, the following control characters
 * may also be emitted:
 *
 * - `\x02` (Start of Text): A document starts with the next token
 * - `\x18` (Cancel): Unexpected end of flow-mode (indicates an error)
 * - `\x1f` (Unit Separator): Next token is a scalar value
 * - `\u{FEFF}` (Byte order mark): Emitted separately outside documents
 */
class Lexer {
    constructor() {
        /**
         * Flag indicating whether the end of the current buffer marks the end of
         * all input
         */
        this.atEnd = false;
        /**
         * Explicit indent set in block scalar header, as an offset from the current
         * minimum indent, so e.g. set to 1 from a header `|2+`. Set to -1 if not
         * explicitly set.
         */
        this.blockScalarIndent = -1;
        /**
         * Block scalars that include a + (keep) chomping indicator in their header
         * include trailing empty lines, which are otherwise excluded from the
         * scalar's contents.
         */
        this.blockScalarKeep = false;
        /** Current input */
        this.buffer = '';
        /**
         * Flag noting whether the map value indicator : can immediately follow this
         * node within a flow context.
         */
        this.flowKey = false;
        /** Count of surrounding flow collection levels. */
        this.flowLevel = 0;
        /**
         * Minimum level of indentation required for next lines to be parsed as a
         * part of the current scalar value.
         */
        this.indentNext = 0;
        /** Indentation level of the current line. */
        this.indentValue = 0;
        /** Position of the next \n character. */
        this.lineEndPos = null;
        /** Stores the state of the lexer if reaching the end of incpomplete input */
        this.next = null;
        /** A pointer to `buffer`; the current position of the lexer. */
        this.pos = 0;
    }
    /**
     * Generate YAML tokens from the `source` string. If `incomplete`,
     * a part of the last line may be left as a buffer for the next call.
     *
     * @returns A generator of lexical tokens
     */
    *lex(source, incomplete = false) {
        if (source) {
            if (typeof source !== 'string')
                throw TypeError('source is not a string');
            this.buffer = this.buffer ? this.buffer + source : source;
            this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? 'stream';
        while (next && (incomplete || this.hasChars(1)))
            next = yield* this.parseNext(next);
    }
    atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === ' ' || ch === '\t')
            ch = this.buffer[++i];
        if (!ch || ch === '#' || ch === '\n')
            return true;
        if (ch === '\r')
            return this.buffer[i + 1] === '\n';
        return false;
    }
    charAt(n) {
        return this.buffer[this.pos + n];
    }
    continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
            let indent = 0;
            while (ch === ' ')
                ch = this.buffer[++indent + offset];
            if (ch === '\r') {
                const next = this.buffer[indent + offset + 1];
                if (next === '\n' || (!next && !this.atEnd))
                    return offset + indent + 1;
            }
            return ch === '\n' || indent >= this.indentNext || (!ch && !this.atEnd)
                ? offset + indent
                : -1;
        }
        if (ch === '-' || ch === '.') {
            const dt = this.buffer.substr(offset, 3);
            if ((dt === '---' || dt === '...') && isEmpty(this.buffer[offset + 3]))
                return -1;
        }
        return offset;
    }
    getLine() {
        let end = this.lineEndPos;
        if (typeof end !== 'number' || (end !== -1 && end < this.pos)) {
            end = this.buffer.indexOf('\n', this.pos);
            this.lineEndPos = end;
        }
        if (end === -1)
            return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === '\r')
            end -= 1;
        return this.buffer.substring(this.pos, end);
    }
    hasChars(n) {
        return this.pos + n <= this.buffer.length;
    }
    setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
    }
    peek(n) {
        return this.buffer.substr(this.pos, n);
    }
    *parseNext(next) {
        switch (next) {
            case 'stream':
                return yield* this.parseStream();
            case 'line-start':
                return yield* this.parseLineStart();
            case 'block-start':
                return yield* this.parseBlockStart();
            case 'doc':
                return yield* this.parseDocument();
            case 'flow':
                return yield* this.parseFlowCollection();
            case 'quoted-scalar':
                return yield* this.parseQuotedScalar();
            case 'block-scalar':
                return yield* this.parseBlockScalar();
            case 'plain-scalar':
                return yield* this.parsePlainScalar();
        }
    }
    *parseStream() {
        let line = this.getLine();
        if (line === null)
            return this.setNext('stream');
        if (line[0] === BOM) {
            yield* this.pushCount(1);
            line = line.substring(1);
        }
        if (line[0] === '%') {
            let dirEnd = line.length;
            let cs = line.indexOf('#');
            while (cs !== -1) {
                const ch = line[cs - 1];
                if (ch === ' ' || ch === '\t') {
                    dirEnd = cs - 1;
                    break;
                }
                else {
                    cs = line.indexOf('#', cs + 1);
                }
            }
            while (true) {
                const ch = line[dirEnd - 1];
                if (ch === ' ' || ch === '\t')
                    dirEnd -= 1;
                else
                    break;
            }
            const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
            yield* this.pushCount(line.length - n); // possible comment
            this.pushNewline();
            return 'stream';
        }
        if (this.atLineEnd()) {
            const sp = yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - sp);
            yield* this.pushNewline();
            return 'stream';
        }
        yield DOCUMENT;
        return yield* this.parseLineStart();
    }
    *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
            return this.setNext('line-start');
        if (ch === '-' || ch === '.') {
            if (!this.atEnd && !this.hasChars(4))
                return this.setNext('line-start');
            const s = this.peek(3);
            if ((s === '---' || s === '...') && isEmpty(this.charAt(3))) {
                yield* this.pushCount(3);
                this.indentValue = 0;
                this.indentNext = 0;
                return s === '---' ? 'doc' : 'stream';
            }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
            this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
    }
    *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
            return this.setNext('block-start');
        if ((ch0 === '-' || ch0 === '?' || ch0 === ':') && isEmpty(ch1)) {
            const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
            this.indentNext = this.indentValue + 1;
            this.indentValue += n;
            return 'block-start';
        }
        return 'doc';
    }
    *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
            return this.setNext('doc');
        let n = yield* this.pushIndicators();
        switch (line[n]) {
            case '#':
                yield* this.pushCount(line.length - n);
            // fallthrough
            case undefined:
                yield* this.pushNewline();
                return yield* this.parseLineStart();
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel = 1;
                return 'flow';
            case '}':
            case ']':
                // this is an error
                yield* this.pushCount(1);
                return 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'doc';
            case '"':
            case "'":
                return yield* this.parseQuotedScalar();
            case '|':
            case '>':
                n += yield* this.parseBlockScalarHeader();
                n += yield* this.pushSpaces(true);
                yield* this.pushCount(line.length - n);
                yield* this.pushNewline();
                return yield* this.parseBlockScalar();
            default:
                return yield* this.parsePlainScalar();
        }
    }
    *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
            nl = yield* this.pushNewline();
            if (nl > 0) {
                sp = yield* this.pushSpaces(false);
                this.indentValue = indent = sp;
            }
            else {
                sp = 0;
            }
            sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
            return this.setNext('flow');
        if ((indent !== -1 && indent < this.indentNext && line[0] !== '#') ||
            (indent === 0 &&
                (line.startsWith('---') || line.startsWith('...')) &&
                isEmpty(line[3]))) {
            // Allowing for the terminal ] or } at the same (rather than greater)
            // indent level as the initial [ or { is technically invalid, but
            // failing here would be surprising to users.
            const atFlowEndMarker = indent === this.indentNext - 1 &&
                this.flowLevel === 1 &&
                (line[0] === ']' || line[0] === '}');
            if (!atFlowEndMarker) {
                // this is an error
                this.flowLevel = 0;
                yield FLOW_END;
                return yield* this.parseLineStart();
            }
        }
        let n = 0;
        while (line[n] === ',') {
            n += yield* this.pushCount(1);
            n += yield* this.pushSpaces(true);
            this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
            case undefined:
                return 'flow';
            case '#':
                yield* this.pushCount(line.length - n);
                return 'flow';
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel += 1;
                return 'flow';
            case '}':
            case ']':
                yield* this.pushCount(1);
                this.flowKey = true;
                this.flowLevel -= 1;
                return this.flowLevel ? 'flow' : 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'flow';
            case '"':
            case "'":
                this.flowKey = true;
                return yield* this.parseQuotedScalar();
            case ':': {
                const next = this.charAt(1);
                if (this.flowKey || isEmpty(next) || next === ',') {
                    this.flowKey = false;
                    yield* this.pushCount(1);
                    yield* this.pushSpaces(true);
                    return 'flow';
                }
            }
            // fallthrough
            default:
                this.flowKey = false;
                return yield* this.parsePlainScalar();
        }
    }
    *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
            while (end !== -1 && this.buffer[end + 1] === "'")
                end = this.buffer.indexOf("'", end + 2);
        }
        else {
            // double-quote
            while (end !== -1) {
                let n = 0;
                while (this.buffer[end - 1 - n] === '\\')
                    n += 1;
                if (n % 2 === 0)
                    break;
                end = this.buffer.indexOf('"', end + 1);
            }
        }
        // Only looking for newlines within the quotes
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf('\n', this.pos);
        if (nl !== -1) {
            while (nl !== -1) {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = qb.indexOf('\n', cs);
            }
            if (nl !== -1) {
                // this is an error caused by an unexpected unindent
                end = nl - (qb[nl - 1] === '\r' ? 2 : 1);
            }
        }
        if (end === -1) {
            if (!this.atEnd)
                return this.setNext('quoted-scalar');
            end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? 'flow' : 'doc';
    }
    *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
            const ch = this.buffer[++i];
            if (ch === '+')
                this.blockScalarKeep = true;
            else if (ch > '0' && ch <= '9')
                this.blockScalarIndent = Number(ch) - 1;
            else if (ch !== '-')
                break;
        }
        return yield* this.pushUntil(ch => isEmpty(ch) || ch === '#');
    }
    *parseBlockScalar() {
        let nl = this.pos - 1; // may be -1 if this.pos === 0
        let indent = 0;
        let ch;
        loop: for (let i = this.pos; (ch = this.buffer[i]); ++i) {
            switch (ch) {
                case ' ':
                    indent += 1;
                    break;
                case '\n':
                    nl = i;
                    indent = 0;
                    break;
                case '\r': {
                    const next = this.buffer[i + 1];
                    if (!next && !this.atEnd)
                        return this.setNext('block-scalar');
                    if (next === '\n')
                        break;
                } // fallthrough
                default:
                    break loop;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('block-scalar');
        if (indent >= this.indentNext) {
            if (this.blockScalarIndent === -1)
                this.indentNext = indent;
            else {
                this.indentNext =
                    this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
            }
            do {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = this.buffer.indexOf('\n', cs);
            } while (nl !== -1);
            if (nl === -1) {
                if (!this.atEnd)
                    return this.setNext('block-scalar');
                nl = this.buffer.length;
            }
        }
        // Trailing insufficiently indented tabs are invalid.
        // To catch that during parsing, we include them in the block scalar value.
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === ' ')
            ch = this.buffer[++i];
        if (ch === '\t') {
            while (ch === '\t' || ch === ' ' || ch === '\r' || ch === '\n')
                ch = this.buffer[++i];
            nl = i - 1;
        }
        else if (!this.blockScalarKeep) {
            do {
                let i = nl - 1;
                let ch = this.buffer[i];
                if (ch === '\r')
                    ch = this.buffer[--i];
                const lastChar = i; // Drop the line if last char not more indented
                while (ch === ' ')
                    ch = this.buffer[--i];
                if (ch === '\n' && i >= this.pos && i + 1 + indent > lastChar)
                    nl = i;
                else
                    break;
            } while (true);
        }
        yield SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
    }
    *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while ((ch = this.buffer[++i])) {
            if (ch === ':') {
                const next = this.buffer[i + 1];
                if (isEmpty(next) || (inFlow && flowIndicatorChars.has(next)))
                    break;
                end = i;
            }
            else if (isEmpty(ch)) {
                let next = this.buffer[i + 1];
                if (ch === '\r') {
                    if (next === '\n') {
                        i += 1;
                        ch = '\n';
                        next = this.buffer[i + 1];
                    }
                    else
                        end = i;
                }
                if (next === '#' || (inFlow && flowIndicatorChars.has(next)))
                    break;
                if (ch === '\n') {
                    const cs = this.continueScalar(i + 1);
                    if (cs === -1)
                        break;
                    i = Math.max(i, cs - 2); // to advance, but still account for ' #'
                }
            }
            else {
                if (inFlow && flowIndicatorChars.has(ch))
                    break;
                end = i;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('plain-scalar');
        yield SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? 'flow' : 'doc';
    }
    *pushCount(n) {
        if (n > 0) {
            yield this.buffer.substr(this.pos, n);
            this.pos += n;
            return n;
        }
        return 0;
    }
    *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
            yield s;
            this.pos += s.length;
            return s.length;
        }
        else if (allowEmpty)
            yield '';
        return 0;
    }
    *pushIndicators() {
        let n = 0;
        loop: while (true) {
            switch (this.charAt(0)) {
                case '!':
                    n += yield* this.pushTag();
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '&':
                    n += yield* this.pushUntil(isNotAnchorChar);
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '-': // this is an error
                case '?': // this is an error outside flow collections
                case ':': {
                    const inFlow = this.flowLevel > 0;
                    const ch1 = this.charAt(1);
                    if (isEmpty(ch1) || (inFlow && flowIndicatorChars.has(ch1))) {
                        if (!inFlow)
                            this.indentNext = this.indentValue + 1;
                        else if (this.flowKey)
                            this.flowKey = false;
                        n += yield* this.pushCount(1);
                        n += yield* this.pushSpaces(true);
                        continue loop;
                    }
                }
            }
            break loop;
        }
        return n;
    }
    *pushTag() {
        if (this.charAt(1) === '<') {
            let i = this.pos + 2;
            let ch = this.buffer[i];
            while (!isEmpty(ch) && ch !== '>')
                ch = this.buffer[++i];
            return yield* this.pushToIndex(ch === '>' ? i + 1 : i, false);
        }
        else {
            let i = this.pos + 1;
            let ch = this.buffer[i];
            while (ch) {
                if (tagChars.has(ch))
                    ch = this.buffer[++i];
                else if (ch === '%' &&
                    hexDigits.has(this.buffer[i + 1]) &&
                    hexDigits.has(this.buffer[i + 2])) {
                    ch = this.buffer[(i += 3)];
                }
                else
                    break;
            }
            return yield* this.pushToIndex(i, false);
        }
    }
    *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === '\n')
            return yield* this.pushCount(1);
        else if (ch === '\r' && this.charAt(1) === '\n')
            return yield* this.pushCount(2);
        else
            return 0;
    }
    *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
            ch = this.buffer[++i];
        } while (ch === ' ' || (allowTabs && ch === '\t'));
        const n = i - this.pos;
        if (n > 0) {
            yield this.buffer.substr(this.pos, n);
            this.pos = i;
        }
        return n;
    }
    *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
            ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
    }
}

/**
 * Tracks newlines during parsing in order to provide an efficient API for
 * determining the one-indexed `{ line, col }` position for any offset
 * within the input.
 */
class LineCounter {
    constructor() {
        this.lineStarts = [];
        /**
         * Should be called in ascending order. Otherwise, call
         * `lineCounter.lineStarts.sort()` before calling `linePos()`.
         */
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        /**
         * Performs a binary search and returns the 1-indexed { line, col }
         * position of `offset`. If `line === 0`, `addNewLine` has never been
         * called or `offset` is before the first known newline.
         */
        this.linePos = (offset) => {
            let low = 0;
            let high = this.lineStarts.length;
            while (low < high) {
                const mid = (low + high) >> 1; // Math.floor((low + high) / 2)
                if (this.lineStarts[mid] < offset)
                    low = mid + 1;
                else
                    high = mid;
            }
            if (this.lineStarts[low] === offset)
                return { line: low + 1, col: 1 };
            if (low === 0)
                return { line: 0, col: offset };
            const start = this.lineStarts[low - 1];
            return { line: low, col: offset - start + 1 };
        };
    }
}

function includesToken(list, type) {
    for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
            return true;
    return false;
}
function findNonEmptyIndex(list) {
    for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
            case 'space':
            case 'comment':
            case 'newline':
                break;
            default:
                return i;
        }
    }
    return -1;
}
function isFlowToken(token) {
    switch (token?.type) {
        case 'alias':
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'flow-collection':
            return true;
        default:
            return false;
    }
}
function getPrevProps(parent) {
    switch (parent.type) {
        case 'document':
            return parent.start;
        case 'block-map': {
            const it = parent.items[parent.items.length - 1];
            return it.sep ?? it.start;
        }
        case 'block-seq':
            return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
            return [];
    }
}
/** Note: May modify input array */
function getFirstKeyStartProps(prev) {
    if (prev.length === 0)
        return [];
    let i = prev.length;
    loop: while (--i >= 0) {
        switch (prev[i].type) {
            case 'doc-start':
            case 'explicit-key-ind':
            case 'map-value-ind':
            case 'seq-item-ind':
            case 'newline':
                break loop;
        }
    }
    while (prev[++i]?.type === 'space') {
        /* loop */
    }
    return prev.splice(i, prev.length);
}
function arrayPushArray(target, source) {
    // May exhaust call stack with large `source` array
    if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
    else
        for (let i = 0; i < source.length; ++i)
            target.push(source[i]);
}
function fixFlowSeqItems(fc) {
    if (fc.start.type === 'flow-seq-start') {
        for (const it of fc.items) {
            if (it.sep &&
                !it.value &&
                !includesToken(it.start, 'explicit-key-ind') &&
                !includesToken(it.sep, 'map-value-ind')) {
                if (it.key)
                    it.value = it.key;
                delete it.key;
                if (isFlowToken(it.value)) {
                    if (it.value.end)
                        arrayPushArray(it.value.end, it.sep);
                    else
                        it.value.end = it.sep;
                }
                else
                    arrayPushArray(it.start, it.sep);
                delete it.sep;
            }
        }
    }
}
/**
 * A YAML concrete syntax tree (CST) parser
 *
 * ```ts
 * const src: string = ...
 * for (const token of new Parser().parse(src)) {
 *   // token: Token
 * }
 * ```
 *
 * To use the parser with a user-provided lexer:
 *
 * ```ts
 * function* parse(source: string, lexer: Lexer) {
 *   const parser = new Parser()
 *   for (const lexeme of lexer.lex(source))
 *     yield* parser.next(lexeme)
 *   yield* parser.end()
 * }
 *
 * const src: string = ...
 * const lexer = new Lexer()
 * for (const token of parse(src, lexer)) {
 *   // token: Token
 * }
 * ```
 */
class Parser {
    /**
     * @param onNewLine - If defined, called separately with the start position of
     *   each new line (in `parse()`, including the start of input).
     */
    constructor(onNewLine) {
        /** If true, space and sequence indicators count as indentation */
        this.atNewLine = true;
        /** If true, next token is a scalar value */
        this.atScalar = false;
        /** Current indentation level */
        this.indent = 0;
        /** Current offset since the start of parsing */
        this.offset = 0;
        /** On the same line with a block map key */
        this.onKeyLine = false;
        /** Top indicates the node that's currently being built */
        this.stack = [];
        /** The source of the current token, set in parse() */
        this.source = '';
        /** The type of the current token, set in parse() */
        this.type = '';
        // Must be defined after `next()`
        this.lexer = new Lexer();
        this.onNewLine = onNewLine;
    }
    /**
     * Parse `source` as a YAML stream.
     * If `incomplete`, a part of the last line may be left as a buffer for the next call.
     *
     * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
     *
     * @returns A generator of tokens representing each directive, document, and other structure.
     */
    *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
            this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
            yield* this.next(lexeme);
        if (!incomplete)
            yield* this.end();
    }
    /**
     * Advance the parser by the `source` of one lexical token.
     */
    *next(source) {
        this.source = source;
        if (this.atScalar) {
            this.atScalar = false;
            yield* this.step();
            this.offset += source.length;
            return;
        }
        const type = tokenType(source);
        if (!type) {
            const message = `Not a YAML token: ${source}`;
            yield* this.pop({ type: 'error', offset: this.offset, message, source });
            this.offset += source.length;
        }
        else if (type === 'scalar') {
            this.atNewLine = false;
            this.atScalar = true;
            this.type = 'scalar';
        }
        else {
            this.type = type;
            yield* this.step();
            switch (type) {
                case 'newline':
                    this.atNewLine = true;
                    this.indent = 0;
                    if (this.onNewLine)
                        this.onNewLine(this.offset + source.length);
                    break;
                case 'space':
                    if (this.atNewLine && source[0] === ' ')
                        this.indent += source.length;
                    break;
                case 'explicit-key-ind':
                case 'map-value-ind':
                case 'seq-item-ind':
                    if (this.atNewLine)
                        this.indent += source.length;
                    break;
                case 'doc-mode':
                case 'flow-error-end':
                    return;
                default:
                    this.atNewLine = false;
            }
            this.offset += source.length;
        }
    }
    /** Call at end of input to push out any remaining constructions */
    *end() {
        while (this.stack.length > 0)
            yield* this.pop();
    }
    get sourceToken() {
        const st = {
            type: this.type,
            offset: this.offset,
            indent: this.indent,
            source: this.source
        };
        return st;
    }
    *step() {
        const top = this.peek(1);
        if (this.type === 'doc-end' && top?.type !== 'doc-end') {
            while (this.stack.length > 0)
                yield* this.pop();
            this.stack.push({
                type: 'doc-end',
                offset: this.offset,
                source: this.source
            });
            return;
        }
        if (!top)
            return yield* this.stream();
        switch (top.type) {
            case 'document':
                return yield* this.document(top);
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return yield* this.scalar(top);
            case 'block-scalar':
                return yield* this.blockScalar(top);
            case 'block-map':
                return yield* this.blockMap(top);
            case 'block-seq':
                return yield* this.blockSequence(top);
            case 'flow-collection':
                return yield* this.flowCollection(top);
            case 'doc-end':
                return yield* this.documentEnd(top);
        }
        /* istanbul ignore next should not happen */
        yield* this.pop();
    }
    peek(n) {
        return this.stack[this.stack.length - n];
    }
    *pop(error) {
        const token = error ?? this.stack.pop();
        /* istanbul ignore if should not happen */
        if (!token) {
            const message = 'Tried to pop an empty stack';
            yield { type: 'error', offset: this.offset, source: '', message };
        }
        else if (this.stack.length === 0) {
            yield token;
        }
        else {
            const top = this.peek(1);
            if (token.type === 'block-scalar') {
                // Block scalars use their parent rather than header indent
                token.indent = 'indent' in top ? top.indent : 0;
            }
            else if (token.type === 'flow-collection' && top.type === 'document') {
                // Ignore all indent for top-level flow collections
                token.indent = 0;
            }
            if (token.type === 'flow-collection')
                fixFlowSeqItems(token);
            switch (top.type) {
                case 'document':
                    top.value = token;
                    break;
                case 'block-scalar':
                    top.props.push(token); // error
                    break;
                case 'block-map': {
                    const it = top.items[top.items.length - 1];
                    if (it.value) {
                        top.items.push({ start: [], key: token, sep: [] });
                        this.onKeyLine = true;
                        return;
                    }
                    else if (it.sep) {
                        it.value = token;
                    }
                    else {
                        Object.assign(it, { key: token, sep: [] });
                        this.onKeyLine = !it.explicitKey;
                        return;
                    }
                    break;
                }
                case 'block-seq': {
                    const it = top.items[top.items.length - 1];
                    if (it.value)
                        top.items.push({ start: [], value: token });
                    else
                        it.value = token;
                    break;
                }
                case 'flow-collection': {
                    const it = top.items[top.items.length - 1];
                    if (!it || it.value)
                        top.items.push({ start: [], key: token, sep: [] });
                    else if (it.sep)
                        it.value = token;
                    else
                        Object.assign(it, { key: token, sep: [] });
                    return;
                }
                /* istanbul ignore next should not happen */
                default:
                    yield* this.pop();
                    yield* this.pop(token);
            }
            if ((top.type === 'document' ||
                top.type === 'block-map' ||
                top.type === 'block-seq') &&
                (token.type === 'block-map' || token.type === 'block-seq')) {
                const last = token.items[token.items.length - 1];
                if (last &&
                    !last.sep &&
                    !last.value &&
                    last.start.length > 0 &&
                    findNonEmptyIndex(last.start) === -1 &&
                    (token.indent === 0 ||
                        last.start.every(st => st.type !== 'comment' || st.indent < token.indent))) {
                    if (top.type === 'document')
                        top.end = last.start;
                    else
                        top.items.push({ start: last.start });
                    token.items.splice(-1, 1);
                }
            }
        }
    }
    *stream() {
        switch (this.type) {
            case 'directive-line':
                yield { type: 'directive', offset: this.offset, source: this.source };
                return;
            case 'byte-order-mark':
            case 'space':
            case 'comment':
            case 'newline':
                yield this.sourceToken;
                return;
            case 'doc-mode':
            case 'doc-start': {
                const doc = {
                    type: 'document',
                    offset: this.offset,
                    start: []
                };
                if (this.type === 'doc-start')
                    doc.start.push(this.sourceToken);
                this.stack.push(doc);
                return;
            }
        }
        yield {
            type: 'error',
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML stream`,
            source: this.source
        };
    }
    *document(doc) {
        if (doc.value)
            return yield* this.lineEnd(doc);
        switch (this.type) {
            case 'doc-start': {
                if (findNonEmptyIndex(doc.start) !== -1) {
                    yield* this.pop();
                    yield* this.step();
                }
                else
                    doc.start.push(this.sourceToken);
                return;
            }
            case 'anchor':
            case 'tag':
            case 'space':
            case 'comment':
            case 'newline':
                doc.start.push(this.sourceToken);
                return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
            this.stack.push(bv);
        else {
            yield {
                type: 'error',
                offset: this.offset,
                message: `Unexpected ${this.type} token in YAML document`,
                source: this.source
            };
        }
    }
    *scalar(scalar) {
        if (this.type === 'map-value-ind') {
            const prev = getPrevProps(this.peek(2));
            const start = getFirstKeyStartProps(prev);
            let sep;
            if (scalar.end) {
                sep = scalar.end;
                sep.push(this.sourceToken);
                delete scalar.end;
            }
            else
                sep = [this.sourceToken];
            const map = {
                type: 'block-map',
                offset: scalar.offset,
                indent: scalar.indent,
                items: [{ start, key: scalar, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
        }
        else
            yield* this.lineEnd(scalar);
    }
    *blockScalar(scalar) {
        switch (this.type) {
            case 'space':
            case 'comment':
            case 'newline':
                scalar.props.push(this.sourceToken);
                return;
            case 'scalar':
                scalar.source = this.source;
                // block-scalar source includes trailing newline
                this.atNewLine = true;
                this.indent = 0;
                if (this.onNewLine) {
                    let nl = this.source.indexOf('\n') + 1;
                    while (nl !== 0) {
                        this.onNewLine(this.offset + nl);
                        nl = this.source.indexOf('\n', nl) + 1;
                    }
                }
                yield* this.pop();
                break;
            /* istanbul ignore next should not happen */
            default:
                yield* this.pop();
                yield* this.step();
        }
    }
    *blockMap(map) {
        const it = map.items[map.items.length - 1];
        // it.sep is true-ish if pair already has key or : separator
        switch (this.type) {
            case 'newline':
                this.onKeyLine = false;
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    it.start.push(this.sourceToken);
                }
                return;
            case 'space':
            case 'comment':
                if (it.value) {
                    map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    if (this.atIndentedComment(it.start, map.indent)) {
                        const prev = map.items[map.items.length - 2];
                        const end = prev?.value?.end;
                        if (Array.isArray(end)) {
                            arrayPushArray(end, it.start);
                            end.push(this.sourceToken);
                            map.items.pop();
                            return;
                        }
                    }
                    it.start.push(this.sourceToken);
                }
                return;
        }
        if (this.indent >= map.indent) {
            const atMapIndent = !this.onKeyLine && this.indent === map.indent;
            const atNextItem = atMapIndent &&
                (it.sep || it.explicitKey) &&
                this.type !== 'seq-item-ind';
            // For empty nodes, assign newline-separated not indented empty tokens to following node
            let start = [];
            if (atNextItem && it.sep && !it.value) {
                const nl = [];
                for (let i = 0; i < it.sep.length; ++i) {
                    const st = it.sep[i];
                    switch (st.type) {
                        case 'newline':
                            nl.push(i);
                            break;
                        case 'space':
                            break;
                        case 'comment':
                            if (st.indent > map.indent)
                                nl.length = 0;
                            break;
                        default:
                            nl.length = 0;
                    }
                }
                if (nl.length >= 2)
                    start = it.sep.splice(nl[1]);
            }
            switch (this.type) {
                case 'anchor':
                case 'tag':
                    if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        it.sep.push(this.sourceToken);
                    }
                    else {
                        it.start.push(this.sourceToken);
                    }
                    return;
                case 'explicit-key-ind':
                    if (!it.sep && !it.explicitKey) {
                        it.start.push(this.sourceToken);
                        it.explicitKey = true;
                    }
                    else if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start, explicitKey: true });
                    }
                    else {
                        this.stack.push({
                            type: 'block-map',
                            offset: this.offset,
                            indent: this.indent,
                            items: [{ start: [this.sourceToken], explicitKey: true }]
                        });
                    }
                    this.onKeyLine = true;
                    return;
                case 'map-value-ind':
                    if (it.explicitKey) {
                        if (!it.sep) {
                            if (includesToken(it.start, 'newline')) {
                                Object.assign(it, { key: null, sep: [this.sourceToken] });
                            }
                            else {
                                const start = getFirstKeyStartProps(it.start);
                                this.stack.push({
                                    type: 'block-map',
                                    offset: this.offset,
                                    indent: this.indent,
                                    items: [{ start, key: null, sep: [this.sourceToken] }]
                                });
                            }
                        }
                        else if (it.value) {
                            map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else if (isFlowToken(it.key) &&
                            !includesToken(it.sep, 'newline')) {
                            const start = getFirstKeyStartProps(it.start);
                            const key = it.key;
                            const sep = it.sep;
                            sep.push(this.sourceToken);
                            // @ts-expect-error type guard is wrong here
                            delete it.key;
                            // @ts-expect-error type guard is wrong here
                            delete it.sep;
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key, sep }]
                            });
                        }
                        else if (start.length > 0) {
                            // Not actually at next item
                            it.sep = it.sep.concat(start, this.sourceToken);
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    else {
                        if (!it.sep) {
                            Object.assign(it, { key: null, sep: [this.sourceToken] });
                        }
                        else if (it.value || atNextItem) {
                            map.items.push({ start, key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start: [], key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    this.onKeyLine = true;
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (atNextItem || it.value) {
                        map.items.push({ start, key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        this.stack.push(fs);
                    }
                    else {
                        Object.assign(it, { key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    return;
                }
                default: {
                    const bv = this.startBlockValue(map);
                    if (bv) {
                        if (bv.type === 'block-seq') {
                            if (!it.explicitKey &&
                                it.sep &&
                                !includesToken(it.sep, 'newline')) {
                                yield* this.pop({
                                    type: 'error',
                                    offset: this.offset,
                                    message: 'Unexpected block-seq-ind on same line with key',
                                    source: this.source
                                });
                                return;
                            }
                        }
                        else if (atMapIndent) {
                            map.items.push({ start });
                        }
                        this.stack.push(bv);
                        return;
                    }
                }
            }
        }
        yield* this.pop();
        yield* this.step();
    }
    *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
            case 'newline':
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        seq.items.push({ start: [this.sourceToken] });
                }
                else
                    it.start.push(this.sourceToken);
                return;
            case 'space':
            case 'comment':
                if (it.value)
                    seq.items.push({ start: [this.sourceToken] });
                else {
                    if (this.atIndentedComment(it.start, seq.indent)) {
                        const prev = seq.items[seq.items.length - 2];
                        const end = prev?.value?.end;
                        if (Array.isArray(end)) {
                            arrayPushArray(end, it.start);
                            end.push(this.sourceToken);
                            seq.items.pop();
                            return;
                        }
                    }
                    it.start.push(this.sourceToken);
                }
                return;
            case 'anchor':
            case 'tag':
                if (it.value || this.indent <= seq.indent)
                    break;
                it.start.push(this.sourceToken);
                return;
            case 'seq-item-ind':
                if (this.indent !== seq.indent)
                    break;
                if (it.value || includesToken(it.start, 'seq-item-ind'))
                    seq.items.push({ start: [this.sourceToken] });
                else
                    it.start.push(this.sourceToken);
                return;
        }
        if (this.indent > seq.indent) {
            const bv = this.startBlockValue(seq);
            if (bv) {
                this.stack.push(bv);
                return;
            }
        }
        yield* this.pop();
        yield* this.step();
    }
    *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === 'flow-error-end') {
            let top;
            do {
                yield* this.pop();
                top = this.peek(1);
            } while (top?.type === 'flow-collection');
        }
        else if (fc.end.length === 0) {
            switch (this.type) {
                case 'comma':
                case 'explicit-key-ind':
                    if (!it || it.sep)
                        fc.items.push({ start: [this.sourceToken] });
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'map-value-ind':
                    if (!it || it.value)
                        fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        Object.assign(it, { key: null, sep: [this.sourceToken] });
                    return;
                case 'space':
                case 'comment':
                case 'newline':
                case 'anchor':
                case 'tag':
                    if (!it || it.value)
                        fc.items.push({ start: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (!it || it.value)
                        fc.items.push({ start: [], key: fs, sep: [] });
                    else if (it.sep)
                        this.stack.push(fs);
                    else
                        Object.assign(it, { key: fs, sep: [] });
                    return;
                }
                case 'flow-map-end':
                case 'flow-seq-end':
                    fc.end.push(this.sourceToken);
                    return;
            }
            const bv = this.startBlockValue(fc);
            /* istanbul ignore else should not happen */
            if (bv)
                this.stack.push(bv);
            else {
                yield* this.pop();
                yield* this.step();
            }
        }
        else {
            const parent = this.peek(2);
            if (parent.type === 'block-map' &&
                ((this.type === 'map-value-ind' && parent.indent === fc.indent) ||
                    (this.type === 'newline' &&
                        !parent.items[parent.items.length - 1].sep))) {
                yield* this.pop();
                yield* this.step();
            }
            else if (this.type === 'map-value-ind' &&
                parent.type !== 'flow-collection') {
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                fixFlowSeqItems(fc);
                const sep = fc.end.splice(1, fc.end.length);
                sep.push(this.sourceToken);
                const map = {
                    type: 'block-map',
                    offset: fc.offset,
                    indent: fc.indent,
                    items: [{ start, key: fc, sep }]
                };
                this.onKeyLine = true;
                this.stack[this.stack.length - 1] = map;
            }
            else {
                yield* this.lineEnd(fc);
            }
        }
    }
    flowScalar(type) {
        if (this.onNewLine) {
            let nl = this.source.indexOf('\n') + 1;
            while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf('\n', nl) + 1;
            }
        }
        return {
            type,
            offset: this.offset,
            indent: this.indent,
            source: this.source
        };
    }
    startBlockValue(parent) {
        switch (this.type) {
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return this.flowScalar(this.type);
            case 'block-scalar-header':
                return {
                    type: 'block-scalar',
                    offset: this.offset,
                    indent: this.indent,
                    props: [this.sourceToken],
                    source: ''
                };
            case 'flow-map-start':
            case 'flow-seq-start':
                return {
                    type: 'flow-collection',
                    offset: this.offset,
                    indent: this.indent,
                    start: this.sourceToken,
                    items: [],
                    end: []
                };
            case 'seq-item-ind':
                return {
                    type: 'block-seq',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [this.sourceToken] }]
                };
            case 'explicit-key-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                start.push(this.sourceToken);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, explicitKey: true }]
                };
            }
            case 'map-value-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                };
            }
        }
        return null;
    }
    atIndentedComment(start, indent) {
        if (this.type !== 'comment')
            return false;
        if (this.indent <= indent)
            return false;
        return start.every(st => st.type === 'newline' || st.type === 'space');
    }
    *documentEnd(docEnd) {
        if (this.type !== 'doc-mode') {
            if (docEnd.end)
                docEnd.end.push(this.sourceToken);
            else
                docEnd.end = [this.sourceToken];
            if (this.type === 'newline')
                yield* this.pop();
        }
    }
    *lineEnd(token) {
        switch (this.type) {
            case 'comma':
            case 'doc-start':
            case 'doc-end':
            case 'flow-seq-end':
            case 'flow-map-end':
            case 'map-value-ind':
                yield* this.pop();
                yield* this.step();
                break;
            case 'newline':
                this.onKeyLine = false;
            // fallthrough
            case 'space':
            case 'comment':
            default:
                // all other values are errors
                if (token.end)
                    token.end.push(this.sourceToken);
                else
                    token.end = [this.sourceToken];
                if (this.type === 'newline')
                    yield* this.pop();
        }
    }
}

function parseOptions(options) {
    const prettyErrors = options.prettyErrors !== false;
    const lineCounter = options.lineCounter || (prettyErrors && new LineCounter()) || null;
    return { lineCounter, prettyErrors };
}
/** Parse an input string into a single YAML.Document */
function parseDocument(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser = new Parser(lineCounter?.addNewLine);
    const composer = new Composer(options);
    // `doc` is always set by compose.end(true) at the very latest
    let doc = null;
    for (const _doc of composer.compose(parser.parse(source), true, source.length)) {
        if (!doc)
            doc = _doc;
        else if (doc.options.logLevel !== 'silent') {
            doc.errors.push(new YAMLParseError(_doc.range.slice(0, 2), 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
            break;
        }
    }
    if (prettyErrors && lineCounter) {
        doc.errors.forEach(prettifyError(source, lineCounter));
        doc.warnings.forEach(prettifyError(source, lineCounter));
    }
    return doc;
}

const peq = new Uint32Array(0x10000);
const myers_32 = (a, b) => {
    const n = a.length;
    const m = b.length;
    const lst = 1 << (n - 1);
    let pv = -1;
    let mv = 0;
    let sc = n;
    let i = n;
    while (i--) {
        peq[a.charCodeAt(i)] |= 1 << i;
    }
    for (i = 0; i < m; i++) {
        let eq = peq[b.charCodeAt(i)];
        const xv = eq | mv;
        eq |= ((eq & pv) + pv) ^ pv;
        mv |= ~(eq | pv);
        pv &= eq;
        if (mv & lst) {
            sc++;
        }
        if (pv & lst) {
            sc--;
        }
        mv = (mv << 1) | 1;
        pv = (pv << 1) | ~(xv | mv);
        mv &= xv;
    }
    i = n;
    while (i--) {
        peq[a.charCodeAt(i)] = 0;
    }
    return sc;
};
const myers_x = (b, a) => {
    const n = a.length;
    const m = b.length;
    const mhc = [];
    const phc = [];
    const hsize = Math.ceil(n / 32);
    const vsize = Math.ceil(m / 32);
    for (let i = 0; i < hsize; i++) {
        phc[i] = -1;
        mhc[i] = 0;
    }
    let j = 0;
    for (; j < vsize - 1; j++) {
        let mv = 0;
        let pv = -1;
        const start = j * 32;
        const vlen = Math.min(32, m) + start;
        for (let k = start; k < vlen; k++) {
            peq[b.charCodeAt(k)] |= 1 << k;
        }
        for (let i = 0; i < n; i++) {
            const eq = peq[a.charCodeAt(i)];
            const pb = (phc[(i / 32) | 0] >>> i) & 1;
            const mb = (mhc[(i / 32) | 0] >>> i) & 1;
            const xv = eq | mv;
            const xh = ((((eq | mb) & pv) + pv) ^ pv) | eq | mb;
            let ph = mv | ~(xh | pv);
            let mh = pv & xh;
            if ((ph >>> 31) ^ pb) {
                phc[(i / 32) | 0] ^= 1 << i;
            }
            if ((mh >>> 31) ^ mb) {
                mhc[(i / 32) | 0] ^= 1 << i;
            }
            ph = (ph << 1) | pb;
            mh = (mh << 1) | mb;
            pv = mh | ~(xv | ph);
            mv = ph & xv;
        }
        for (let k = start; k < vlen; k++) {
            peq[b.charCodeAt(k)] = 0;
        }
    }
    let mv = 0;
    let pv = -1;
    const start = j * 32;
    const vlen = Math.min(32, m - start) + start;
    for (let k = start; k < vlen; k++) {
        peq[b.charCodeAt(k)] |= 1 << k;
    }
    let score = m;
    for (let i = 0; i < n; i++) {
        const eq = peq[a.charCodeAt(i)];
        const pb = (phc[(i / 32) | 0] >>> i) & 1;
        const mb = (mhc[(i / 32) | 0] >>> i) & 1;
        const xv = eq | mv;
        const xh = ((((eq | mb) & pv) + pv) ^ pv) | eq | mb;
        let ph = mv | ~(xh | pv);
        let mh = pv & xh;
        score += (ph >>> (m - 1)) & 1;
        score -= (mh >>> (m - 1)) & 1;
        if ((ph >>> 31) ^ pb) {
            phc[(i / 32) | 0] ^= 1 << i;
        }
        if ((mh >>> 31) ^ mb) {
            mhc[(i / 32) | 0] ^= 1 << i;
        }
        ph = (ph << 1) | pb;
        mh = (mh << 1) | mb;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
    }
    for (let k = start; k < vlen; k++) {
        peq[b.charCodeAt(k)] = 0;
    }
    return score;
};
const distance = (a, b) => {
    if (a.length < b.length) {
        const tmp = b;
        b = a;
        a = tmp;
    }
    if (b.length === 0) {
        return a.length;
    }
    if (a.length <= 32) {
        return myers_32(a, b);
    }
    return myers_x(a, b);
};

/**
 * "Did you mean …?" for a mistyped name: an option, a configuration key, an input. The closest
 * known name by edit distance (fastest-levenshtein: a small, maintained implementation, rather
 * than another hand-written one), taken only when it is close enough to be a typo. `-` and `_` are
 * one character here, so `--min_reward_delta` finds `--min-reward-delta` and the configuration's
 * `min-reward-delta:` finds `min_reward_delta`.
 */
const fold = (s) => s.toLowerCase().replace(/_/g, '-');
/** The known name `word` most likely meant, or null when none is close. */
function closestName(word, known) {
    const w = fold(word);
    let best = null;
    let bestDistance = Infinity;
    for (const name of known) {
        const d = distance(w, fold(name));
        if (d < bestDistance) {
            best = name;
            bestDistance = d;
        }
    }
    // A typo: at most a third of the word's letters wrong (and at least one allowed).
    return best !== null && bestDistance <= Math.max(1, Math.floor(w.length / 3)) ? best : null;
}
/** " (did you mean X?)" or "", with `show` formatting the name (e.g. adding `--` or quotes). */
function didYouMean(word, known, show = (n) => n) {
    const near = closestName(word, known);
    return near === null ? '' : ` (did you mean ${show(near)}?)`;
}

/**
 * The gate configuration file (default `.github/benchgate.yml`): the release criteria, written once
 * and reviewed with the code. YAML, validated by a strict zod schema; every error names the file,
 * the line and column, the key and what is allowed. Command-line flags and action inputs override
 * it. The JSON Schema in `schema/benchgate.schema.json` is generated from {@link ConfigSchema}.
 */
const DEFAULT_CONFIG_PATH = '.github/benchgate.yml';
/** Larger files are refused unread: a configuration is a few hundred bytes. */
const MAX_CONFIG_BYTES = 1024 * 1024;
const threshold = (what) => number().describe(what);
function isRegExp(source) {
    try {
        new RegExp(source, 'i');
        return true;
    }
    catch {
        return false;
    }
}
const caseField = string$1().regex(/^[^.\s][^\s]{0,127}$/, 'expected a field name (no spaces, at most 128 characters; dots separate nested keys)');
const fingerprintKey = string$1().regex(KEY_NAME, 'expected a key name of letters, digits, "_", "." and "-" (at most 64)');
const ConfigSchema = strictObject({
    version: literal(1).optional().describe('The format of this file; 1, the only one so far.'),
    decide: _enum(DECISION_POLICIES).optional().describe('point: rlm-code\'s gates on point estimates, exactly. significant: each gate on the paired per-case evidence (may be inconclusive).'),
    confidence: number().gt(0.5).lt(1).optional().describe('Confidence level of decide: significant, above 0.5 and below 1 (0.95 = 95%).'),
    cluster: union([_enum(['auto', 'none', ...CLUSTER_FIELDS]), caseField]).optional().describe('Under decide: significant, the case label whose groups are tested as one unit: auto, none, a label, or any other field of the case rows (a dotted path into the case `extra`).'),
    min_reward_delta: threshold("rlm-code's gate: the candidate's mean reward minus the baseline's must be at least this.").optional(),
    min_completion_delta: threshold('rlm-code\'s gate: the completion-rate difference (a fraction: 0.05 = 5 points) must be at least this.').optional(),
    max_steps_increase: threshold("rlm-code's gate: the mean number of steps may rise by at most this.").optional(),
    fail_on_completion_regression: boolean().optional().describe('rlm-code\'s gate: hold when a case the baseline completed is not completed by the candidate.'),
    allow_findings: array(_enum(FINDING_CODES)).optional().describe('Finding codes that are reported but do not hold the verdict.'),
    gates: array(strictObject({
        metric: _enum(METRICS).optional().describe('A built-in metric: per-case means (calls, tokens, latency_avg, harness counters) or run-level figures (latency percentiles, error_count, guardrail_blocked, run_duration). Give metric or field.'),
        field: caseField.optional().describe('Any numeric field of the case rows that benchgate does not read itself (kept in the normalized summary\'s case `extra`; a dotted path reaches nested objects): its per-case mean. Give metric or field.'),
        direction: _enum(['lower', 'higher']).optional().describe('Which way is better; default lower.'),
        tolerance: union([number(), string$1().regex(/^-?\d+(\.\d+)?%$/, 'expected a number or a percentage such as "10%"')]).optional().describe('How much worse the candidate may be: in the metric\'s unit, or "N%" of the baseline. Default 0.'),
        level: _enum(GATE_LEVELS).optional().describe('required (decides the verdict, the default) or advisory (shown, never blocks).'),
    })
        .refine((g) => (g.metric === undefined) !== (g.field === undefined), { message: 'expected exactly one of "metric" (a built-in metric) and "field" (a field of the case rows)' }))
        .optional()
        .describe('Your own gates, besides rlm-code\'s four.'),
    slices: array(strictObject({
        by: caseField.describe('The case label whose groups are judged one by one: task_family, environment, domain, split, length_bucket, or any other field of the case rows (a dotted path into the case `extra`).'),
        metric: _enum(SLICE_METRICS).describe('completion_rate, reward or steps.'),
        tolerance: union([number(), string$1().regex(/^-?\d+(\.\d+)?%$/, 'expected a number or a percentage such as "10%"')]).optional().describe('How much worse a group may get: in the metric\'s unit (0.1 = 10 points of completion) or "N%" of its baseline. Default 0.'),
        min_cases: number().int().min(1).optional().describe('Groups with fewer paired cases are shown, not judged. Default 5.'),
        level: _enum(GATE_LEVELS).optional().describe('required (the default) or advisory.'),
    }))
        .optional()
        .describe('Gates within each group of a case label.'),
    pricing: record(string$1().min(1), strictObject({
        prompt: number().nonnegative().describe('USD per million prompt tokens.'),
        completion: number().nonnegative().describe('USD per million completion tokens.'),
    }))
        .optional()
        .describe("Prices per model (the summary's model name): the cost metrics and the report's cost, with source config."),
    safety: strictObject({
        policy_patterns: array(string$1().min(1).refine(isRegExp, 'expected a regular expression (JavaScript syntax)'))
            .optional()
            .describe('Regular expressions, matched case-insensitively against case errors: a match is a policy failure.'),
        explained: array(strictObject({ case: string$1().min(1).describe('The case id.'), reason: string$1().min(1).describe('Why this failure is acceptable; shown in the report.') }))
            .optional()
            .describe('Policy failures the team has looked at: they are listed with their reason and do not hold.'),
    })
        .optional()
        .describe('Guardrail blocks must not rise (always); policy failures hold unless explained here.'),
    comparability: strictObject({
        compare: fingerprintKey.optional().describe('The one dimension under comparison (strategy, mode, model, mcp_server, prompt, …): it may differ.'),
        require: array(fingerprintKey).optional().describe('More keys that must be equal (model, provider, seed, temperature, mcp_server, harness_version, …), from the summary or the metadata stamped by the run mode.'),
        allow: array(fingerprintKey).optional().describe('Keys allowed to differ: shown, never blocking (including the defaults scoring_version, dataset_hash, schema).'),
    })
        .optional()
        .describe('The comparability fingerprint: keys that must be equal for a fair comparison.'),
    input: strictObject({
        format: _enum(INPUT_FORMATS).optional().describe('The format of the input files: auto (detected from each file, the default) or a format name.'),
        baseline_model: string$1().min(1).optional().describe('For files holding one run per model (multi-hop QA results): the model whose records are the baseline.'),
        candidate_model: string$1().min(1).optional().describe('The same, for the candidate (may be the same file as the baseline).'),
        fields: strictObject(Object.fromEntries(FIELD_MAPPING_KEYS.map((k) => [k, string$1().min(1).optional()])))
            .optional()
            .describe('For generic records: which field of a record holds each value (dotted paths reach nested objects).'),
    })
        .optional()
        .describe('How the input files are read.'),
    fail_on_inconclusive: boolean().optional().describe('In the action: an inconclusive verdict fails the check run and the compare step instead of a neutral check.'),
})
    .describe('benchgate gate configuration (https://github.com/benchgate/benchgate#configuration-file)');
/** The case fields the configuration's gates and slices read (kept when the summaries are loaded packed). */
function caseFieldsOf(config) {
    return caseFieldsFor(config.gates ?? [], config.slices ?? [], config.cluster);
}
/** How a role's input files are read under the configuration; a format given on the command line or as an input wins. */
function loadOptionsOf(config, role, format, model) {
    const input = config.input ?? {};
    return {
        format: format ?? input.format ?? 'auto',
        model: model ?? (role === 'baseline' ? input.baseline_model : input.candidate_model),
        fields: input.fields,
        keep: caseFieldsOf(config),
    };
}
/** "line L, column C" of a path in the document, or of the document's start. */
function position(doc, lines, path, atKey = false) {
    let node = doc.contents;
    let at = node?.range?.[0];
    for (const key of path) {
        if (isSeq(node) && typeof key === 'number') {
            node = node.items[key];
            at = node?.range?.[0] ?? at;
            continue;
        }
        if (!isMap(node))
            break;
        const pair = node.items.find((p) => p.key?.value === key);
        if (!pair)
            break;
        const keyAt = pair.key?.range?.[0];
        at = atKey ? (keyAt ?? at) : (pair.value?.range?.[0] ?? keyAt ?? at);
        node = pair.value;
    }
    const { line, col } = lines.linePos(at ?? 0);
    return `line ${line}, column ${col}`;
}
const keyPath = (path) => (path.length === 0 ? 'the top level' : `"${path.map(String).join('.')}"`);
/** The keys the mapping at `path` of the file may have (its own siblings, not the top level's). */
function keysAt(path) {
    let node = ConfigSchema;
    const unwrap = (n) => {
        let at = n;
        for (;;) {
            const def = at._zod.def;
            if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType)
                at = def.innerType;
            else if (def.type === 'pipe' && def.in)
                at = def.in;
            else
                return at;
        }
    };
    for (const key of path) {
        node = unwrap(node);
        const def = node._zod.def;
        if (def.type === 'array' && typeof key === 'number' && def.element)
            node = def.element;
        else if (def.type === 'object' && def.shape && typeof key === 'string' && def.shape[key])
            node = def.shape[key];
        else if (def.type === 'record' && def.valueType)
            node = def.valueType;
        else
            return [];
    }
    const def = unwrap(node)._zod.def;
    return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
/** What a zod issue says, in this project's words: what was expected, and what was found. */
function describeIssue(issue) {
    if (issue.code === 'unrecognized_keys') {
        const allowed = keysAt(issue.path);
        const near = issue.keys.length === 1 ? didYouMean(issue.keys[0], allowed, (k) => `"${k}"`) : '';
        return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${near}; allowed${issue.path.length > 0 ? ` here` : ''}: ${allowed.join(', ')}`;
    }
    if (issue.code === 'invalid_value')
        return `expected one of ${issue.values.map((v) => String(v)).join(', ')}`;
    if (issue.code === 'too_small' || issue.code === 'too_big')
        return issue.message.replace(/^Too (small|big): expected number to be ([<>]=?)/, (_, _w, op) => `expected a number ${op} `);
    return issue.message.replace(/^Invalid input: /, '');
}
/** Parses and validates configuration text; `file` names it in errors. */
function parseConfig(file, text) {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const broken = doc.errors[0];
    if (broken !== undefined) {
        const { line, col } = lines.linePos(broken.pos[0]);
        throw new InputError(`${file}: line ${line}, column ${col}: not valid YAML: ${broken.message.split('\n')[0]}`);
    }
    const data = doc.toJS() ?? {};
    const result = ConfigSchema.safeParse(data);
    if (result.success)
        return result.data;
    const problems = result.error.issues.map((issue) => {
        // An unknown key is shown where it is written.
        const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
        return `${file}: ${position(doc, lines, path, issue.code === 'unrecognized_keys')}: ${keyPath(issue.path)}: ${describeIssue(issue)}`;
    });
    throw new InputError(problems.join('\n'));
}
/**
 * Reads the configuration at `path`; with `explicit` false (the default path), a missing file is no
 * configuration at all, while an explicitly named file must exist.
 */
function loadConfig(path, explicit) {
    if (!existsSync(path)) {
        if (explicit)
            throw new InputError(`${path}: configuration file not found`);
        return null;
    }
    const bytes = readFileSync(path);
    if (bytes.length > MAX_CONFIG_BYTES)
        throw new InputError(`${path}: ${bytes.length} bytes, over the ${MAX_CONFIG_BYTES}-byte limit for a configuration file`);
    return parseConfig(path, bytes.toString('utf8'));
}

/**
 * The leaderboard: many runs ranked by one metric, with filters and statistics per group. Unlike
 * rlm-code's, token totals are the case rows' own usage (unknown when no row records usage, never 0)
 * and every file is its own entry: two runs with the same id are both listed, told apart by file.
 */
const RANK_METRICS = ['reward', 'completion_rate', 'steps', 'tokens', 'cost', 'duration', 'efficiency'];
const GROUP_FIELDS = ['strategy', 'model', 'mode', 'preset'];
/** Higher is better for these; lower for the rest. */
const HIGHER = new Set(['reward', 'completion_rate', 'efficiency']);
function leaderboardEntry(file, s, pricing) {
    const p = packedOf(s);
    const t = runTotals(p);
    const n = t.rows;
    const usageRows = p.flags.reduce((k, f) => k + ((f & FLAG.usage) !== 0 ? 1 : 0), 0);
    const tokens = usageRows === 0 ? null : t.prompt_tokens + t.completion_tokens;
    const reward = n ? t.reward / n : 0;
    const cost = runCost(p, pricing).total;
    return {
        file, id: s.id, preset: s.run.preset, mode: s.run.mode, strategy: s.run.harness_strategy, model: s.run.model, started_at: s.run.started_at,
        cases: n, reward, completion_rate: n ? t.completed / n : 0, steps: n ? t.steps / n : 0, tokens, cost, duration: s.run.duration_seconds,
        efficiency: tokens === null || tokens === 0 || n === 0 ? null : reward / (tokens / n / 1000),
    };
}
/** Labels that never collide: the id, and the file too for ids that several runs share. */
function labelEntries(entries) {
    const counts = new Map();
    for (const e of entries)
        counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
    return entries.map((e) => ({ label: (counts.get(e.id) ?? 0) > 1 ? `${e.id} (${e.file})` : e.id, ...e }));
}
const value = (e, m) => e[m];
function applyFilters(entries, f) {
    const tests = [];
    for (const key of ['preset', 'mode', 'strategy', 'model'])
        if (f[key] !== undefined)
            tests.push([`${key} ${f[key]}`, (e) => e[key] === f[key]]);
    if (f.minCases !== undefined)
        tests.push([`fewer than ${f.minCases} cases`, (e) => e.cases >= f.minCases]);
    if (f.since !== undefined)
        tests.push([`before ${f.since} (or no start time)`, (e) => e.started_at !== null && e.started_at.slice(0, f.since?.length) >= f.since]);
    if (f.until !== undefined)
        tests.push([`after ${f.until} (or no start time)`, (e) => e.started_at !== null && e.started_at.slice(0, f.until?.length) <= f.until]);
    let kept = [...entries];
    const excluded = [];
    for (const [filter, keep] of tests) {
        const next = kept.filter(keep);
        if (next.length < kept.length)
            excluded.push({ filter, count: kept.length - next.length });
        kept = next;
    }
    return { kept, excluded };
}
function statsOf(group, values) {
    const xs = values.filter((v) => v !== null).sort((a, b) => a - b);
    const k = xs.length;
    const mean = k ? xs.reduce((a, x) => a + x, 0) / k : null;
    const median = k ? (k % 2 ? xs[(k - 1) / 2] : (xs[k / 2 - 1] + xs[k / 2]) / 2) : null;
    const sd = k > 1 && mean !== null ? Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (k - 1)) : null;
    return { group, count: values.length, known: k, mean, median, sd, min: k ? xs[0] : null, max: k ? xs[k - 1] : null };
}
/** Ranks the entries by `metric` in its better direction; unknown values last; ties by label. */
function buildLeaderboard(entries, metric, filters, groupBy, top) {
    const { kept, excluded } = applyFilters(entries, filters);
    const higher = HIGHER.has(metric);
    const ranked = [...kept].sort((a, b) => {
        const x = value(a, metric);
        const y = value(b, metric);
        if (x === null || y === null)
            return x === null && y === null ? a.label.localeCompare(b.label) : x === null ? 1 : -1;
        return x !== y ? (higher ? y - x : x - y) : a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
    });
    const groups = new Map();
    for (const e of ranked) {
        const key = groupBy === null ? null : e[groupBy];
        groups.set(key, [...(groups.get(key) ?? []), value(e, metric)]);
    }
    const stats = [...groups].map(([g, vs]) => statsOf(g, vs)).sort((a, b) => (a.mean === null ? 1 : b.mean === null ? -1 : higher ? b.mean - a.mean : a.mean - b.mean));
    return { metric, higherIsBetter: higher, entries: top === undefined ? ranked : ranked.slice(0, top), excluded, groupBy, stats };
}

/**
 * The history file: one JSON file per suite (kept on a branch of the repository by the action) with
 * an entry per baseline run on the default branch: where it ran (commit, branch, workflow run) and the
 * run's figures as the leaderboard computes them. The trend in the PR comment and `benchgate
 * leaderboard` read it. Entries are kept oldest first, one per workflow run (a re-run replaces its
 * entry), at most HISTORY_MAX_ENTRIES and HISTORY_MAX_BYTES: the oldest go first. Keys this version
 * does not know are kept as they are when the file is rewritten.
 */
const HISTORY_SCHEMA = 'benchgate-history/1';
const text = string$1().max(1000);
const maybe = (t) => t.nullable();
const count$1 = number().int().nonnegative();
const num$1 = number().refine(Number.isFinite, 'expected a finite number');
const HistoryEntrySchema = looseObject({
    commit: string$1().regex(/^[0-9a-f]{40,64}$/, 'expected a full commit SHA'),
    branch: text,
    run_id: number().int().positive(),
    run_attempt: maybe(number().int().positive()),
    run_url: maybe(text),
    recorded_at: datetime({ offset: true }),
    id: text,
    preset: maybe(text),
    mode: maybe(text),
    strategy: maybe(text),
    model: maybe(text),
    started_at: maybe(text),
    cases: count$1,
    reward: num$1,
    completion_rate: num$1,
    steps: num$1,
    tokens: maybe(count$1),
    cost: maybe(num$1),
    duration: maybe(num$1),
    efficiency: maybe(num$1),
    fingerprint: record(string$1(), union([string$1(), number(), boolean(), _null()])),
});
const HistoryFileSchema = looseObject({
    schema: literal(HISTORY_SCHEMA, { error: `expected "${HISTORY_SCHEMA}"` }),
    suite: text,
    entries: array(HistoryEntrySchema),
});
/** True when a file's first bytes are those of a history file as benchgate writes it (`schema` first). */
function looksLikeHistory(head) {
    return /^\uFEFF?\s*\{\s*"schema"\s*:\s*"benchgate-history\//.test(head);
}
/** Reads a history file's text; `where` names it in errors (a path, or `branch:path`). */
function parseHistory(textOf, where) {
    let root;
    try {
        root = JSON.parse(textOf);
    }
    catch (err) {
        throw new InputError(`${where}: not JSON (${err instanceof Error ? err.message : String(err)}); expected a benchgate history file`);
    }
    if (typeof root !== 'object' || root === null || root.schema !== HISTORY_SCHEMA) {
        throw new InputError(`${where}: not a benchgate history file: expected "schema": "${HISTORY_SCHEMA}" at the top`);
    }
    const parsed = HistoryFileSchema.safeParse(root);
    if (!parsed.success)
        throwProblems(where, formatIssues(parsed.error.issues, root));
    return parsed.data;
}
/** The history's runs as leaderboard entries; `file` plus the run id tells runs apart. */
function historyLeaderboardEntries(file, h) {
    return h.entries.map((e) => ({
        file: `${file}#run-${e.run_id}`, id: e.id, preset: e.preset, mode: e.mode, strategy: e.strategy, model: e.model, started_at: e.started_at,
        cases: e.cases, reward: e.reward, completion_rate: e.completion_rate, steps: e.steps, tokens: e.tokens, cost: e.cost, duration: e.duration, efficiency: e.efficiency,
    }));
}

const COLUMNS = [
    { head: 'run', get: (e) => e.label },
    { head: 'strategy', get: (e) => e.strategy ?? '' },
    { head: 'model', get: (e) => e.model ?? '' },
    { head: 'preset', get: (e) => e.preset ?? '' },
    { head: 'cases', get: (e) => String(e.cases) },
    { head: 'reward', get: (e) => pyFixed(e.reward, 4) },
    { head: 'completion', get: (e) => `${pyFixed(e.completion_rate * 100, 1)}%` },
    { head: 'steps', get: (e) => pyFixed(e.steps, 2) },
    { head: 'tokens', get: (e) => (e.tokens === null ? 'unknown' : String(e.tokens)) },
    { head: 'cost', get: (e) => (e.cost === null ? 'unknown' : `$${pyFixed(e.cost, 4)}`) },
    { head: 'duration', get: (e) => (e.duration === null ? 'unknown' : `${pyFixed(e.duration, 1)} s`) },
    { head: 'efficiency', get: (e) => (e.efficiency === null ? 'unknown' : pyFixed(e.efficiency, 4)) },
];
const TEXT_COLUMNS = 4;
const num = (x, digits = 4) => (x === null ? 'unknown' : pyFixed(x, digits));
const statRow = (s) => [s.group ?? '(none)', String(s.count), num(s.mean), num(s.median), num(s.sd), s.min === null ? 'unknown' : `${num(s.min)} – ${num(s.max)}`];
const STAT_HEAD = ['group', 'runs', 'mean', 'median', 'sd', 'range'];
function title(lb) {
    return `Leaderboard by ${lb.metric} (${lb.higherIsBetter ? 'higher' : 'lower'} is better), ${lb.entries.length} run${lb.entries.length === 1 ? '' : 's'}`;
}
function footer(lb) {
    return lb.excluded.map((x) => `${x.count} run${x.count === 1 ? '' : 's'} left out: ${x.filter}`);
}
/** Safe for a terminal: control and bidirectional characters shown as U+FFFD, one line. */
// eslint-disable-next-line no-control-regex
const plain = (s) => s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
/** Columns padded to one width; those `left` says are text go left, numbers right. */
function aligned(head, rows, left) {
    const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => [...(r[i] ?? '')].length)));
    const cell = (s, i) => (left(i) ? s.padEnd(width[i]) : s.padStart(width[i]));
    return [head, ...rows].map((r) => r.map((c, i) => cell(c, i)).join('  ').trimEnd());
}
function renderLeaderboardTable(lb) {
    const rows = lb.entries.map((e, i) => [String(i + 1), ...COLUMNS.map((c) => plain(c.get(e)))]);
    const out = [title(lb), '', ...aligned(['#', ...COLUMNS.map((c) => c.head)], rows, (i) => i >= 1 && i <= TEXT_COLUMNS)];
    out.push('', `${lb.metric} by ${lb.groupBy ?? 'all runs'}:`, ...aligned(STAT_HEAD, lb.stats.map((s) => statRow(s).map(plain)), (i) => i === 0));
    return `${[...out, ...(footer(lb).length ? ['', ...footer(lb)] : [])].join('\n')}\n`;
}
function renderLeaderboardMarkdown(lb) {
    const esc = (s) => (s === '' ? '' : untrusted(s, { inTable: true, maxLength: 80 }));
    const rows = lb.entries.map((e, i) => [String(i + 1), ...COLUMNS.map((c, k) => (k < TEXT_COLUMNS ? esc(c.get(e)) : c.get(e)))]);
    const align = ['right', ...COLUMNS.map((_, k) => (k < TEXT_COLUMNS ? 'left' : 'right'))];
    const stats = lb.stats.map((s) => [s.group === null ? (lb.groupBy === null ? 'all runs' : '*(none)*') : esc(s.group), ...statRow(s).slice(1)]);
    return [
        `### ${title(lb)}`, '',
        ...table(['#', ...COLUMNS.map((c) => c.head)], align, rows), '',
        `**${lb.metric}** by ${lb.groupBy ?? 'all runs'}`, '',
        ...table(STAT_HEAD, ['left', 'right', 'right', 'right', 'right', 'right'], stats), '',
        ...footer(lb).map((l) => `*${l}*`),
    ].join('\n').trimEnd().concat('\n');
}
/** A CSV cell a spreadsheet would take as a formula (=, +, -, @, tab, CR) starts with a quote. */
const guard = (s) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
function renderLeaderboardCsv(lb) {
    const head = ['rank', 'run', 'file', 'strategy', 'model', 'preset', 'mode', 'started_at', 'cases', 'reward', 'completion_rate', 'steps', 'tokens', 'cost', 'duration', 'efficiency'];
    const cell = (v) => (v === null ? '' : typeof v === 'number' ? String(v) : csvField(guard(v)));
    const rows = lb.entries.map((e, i) => [i + 1, e.label, e.file, e.strategy, e.model, e.preset, e.mode, e.started_at, e.cases, e.reward, e.completion_rate, e.steps, e.tokens, e.cost, e.duration, e.efficiency].map(cell).join(','));
    return `${[head.join(','), ...rows].join('\r\n')}\r\n`;
}
function renderLeaderboardJson(lb) {
    return `${JSON.stringify({ metric: lb.metric, higher_is_better: lb.higherIsBetter, group_by: lb.groupBy, entries: lb.entries.map((e, i) => ({ rank: i + 1, ...e })), stats: lb.stats, excluded: lb.excluded }, null, 2)}\n`;
}
const LEADERBOARD_RENDERERS = {
    table: renderLeaderboardTable,
    markdown: renderLeaderboardMarkdown,
    csv: renderLeaderboardCsv,
    json: renderLeaderboardJson,
};

/**
 * `benchgate leaderboard FILE|GLOB ...`: many runs ranked by one metric (analysis/leaderboard.ts),
 * as a terminal table, markdown, CSV or JSON. Every problem is a UsageError or the adapters' own
 * InputError, naming the option or the file.
 */
const LEADERBOARD_FORMATS = ['table', 'markdown', 'csv', 'json'];
const VALUE = ['by', 'group-by', 'preset', 'mode', 'strategy', 'model', 'since', 'until', 'min-cases', 'top', 'format', 'output', 'config', 'input-format'];
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
function oneOf$1(option, raw, allowed) {
    if (allowed.includes(raw))
        return raw;
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected one of ${allowed.join(', ')}`);
}
function count(option, raw) {
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
        throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a whole number of at least 1`);
    return Number(raw);
}
/** Parses the arguments after `leaderboard`; null means --help. */
function parseLeaderboard(args) {
    const values = new Map();
    const files = [];
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === '--help' || arg === '-h')
            return null;
        const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/s.exec(arg);
        if (!m) {
            files.push(arg);
            continue;
        }
        const name = m[1];
        if (!VALUE.includes(name))
            throw new UsageError(`Unknown option --${name}${didYouMean(name, [...VALUE, 'help'], (n) => `--${n}`)}; see 'benchgate leaderboard --help'`);
        const value = m[2] ?? args[++i];
        if (value === undefined)
            throw new UsageError(`--${name} needs a value`);
        if (values.has(name))
            throw new UsageError(`--${name} was given twice; give it once`);
        values.set(name, value);
    }
    if (files.length === 0)
        throw new UsageError("benchgate leaderboard needs summary files or globs: 'benchgate leaderboard runs/*.json'");
    const filters = {};
    for (const key of ['preset', 'mode', 'strategy', 'model'])
        if (values.has(key))
            filters[key] = values.get(key);
    for (const key of ['since', 'until']) {
        const v = values.get(key);
        if (v === undefined)
            continue;
        if (!DATE.test(v))
            throw new UsageError(`Invalid value ${JSON.stringify(v)} for --${key}: expected a date such as 2026-11-01 (or an ISO timestamp)`);
        filters[key] = v;
    }
    if (values.has('min-cases'))
        filters.minCases = count('min-cases', values.get('min-cases'));
    const config = values.get('config');
    return {
        command: 'leaderboard',
        files,
        by: oneOf$1('by', values.get('by') ?? 'reward', RANK_METRICS),
        groupBy: values.has('group-by') ? oneOf$1('group-by', values.get('group-by'), GROUP_FIELDS) : null,
        filters,
        top: values.has('top') ? count('top', values.get('top')) : undefined,
        format: oneOf$1('format', values.get('format') ?? 'table', LEADERBOARD_FORMATS),
        output: values.get('output') ?? null,
        config: config === undefined ? { path: DEFAULT_CONFIG_PATH, explicit: false } : { path: config, explicit: true },
        inputFormat: values.get('input-format') ?? null,
    };
}
/** Loads every file (a history file gives all its runs), ranks them and returns the rendered leaderboard. */
function runLeaderboard(cmd) {
    const config = loadConfig(cmd.config.path, cmd.config.explicit) ?? {};
    const files = expandInputs('leaderboard', cmd.files, process.cwd());
    const options = loadOptionsOf(config, 'baseline', cmd.inputFormat);
    const entries = labelEntries(files.flatMap((file) => {
        if (statSync(file, { throwIfNoEntry: false })?.isFile() && looksLikeHistory(readHead(file)))
            return historyLeaderboardEntries(file, parseHistory(readFileSync(file, 'utf8'), file));
        return [leaderboardEntry(file, loadSummary(file, options), config.pricing ?? {})];
    }));
    const lb = buildLeaderboard(entries, cmd.by, cmd.filters, cmd.groupBy, cmd.top);
    if (lb.entries.length === 0)
        throw new UsageError(`no run is left to rank: ${lb.excluded.map((x) => `${x.count} left out (${x.filter})`).join('; ')}`);
    return LEADERBOARD_RENDERERS[cmd.format](lb);
}

/**
 * Parses the command line into a typed command. Every problem is a {@link UsageError} that names the
 * option, the value received and what is allowed.
 */
const REPORT_FORMATS = ['markdown', 'json', 'csv'];
const VALUE_OPTIONS = ['baseline', 'candidate', 'config', 'decide', 'confidence', 'cluster', 'input-format', 'baseline-model', 'candidate-model', 'min-reward-delta', 'min-completion-delta', 'max-steps-increase', 'format', 'output', 'allow-finding', 'max-trials'];
const FLAGS = ['fail-on-completion-regression', 'no-fail-on-completion-regression', 'sequential', 'help'];
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** A threshold as rlm-code's Python float() takes it (decimals, exponents, inf), or undefined; never NaN. */
function thresholdValue(raw) {
    const s = raw.trim().toLowerCase();
    if (NUMBER.test(s))
        return Number(s);
    const inf = /^([+-]?)(inf|infinity)$/.exec(s);
    if (inf)
        return inf[1] === '-' ? -Infinity : Infinity;
    return undefined;
}
/** Python-float-like parsing, as rlm-code's thresholds take: decimals, exponents, inf; never NaN. */
function parseThreshold(option, raw) {
    const value = thresholdValue(raw);
    if (value !== undefined)
        return value;
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a number such as 0, -0.05 or 1e-3 (or inf / -inf)`);
}
function oneOf(option, raw, allowed) {
    if (allowed.includes(raw))
        return raw;
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected one of ${allowed.join(', ')}`);
}
function tokenize(args) {
    const raw = { values: new Map(), flags: new Set() };
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === '-h') {
            raw.flags.add('help');
            continue;
        }
        const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/s.exec(arg);
        if (!m)
            throw new UsageError(`Unexpected argument ${JSON.stringify(arg)}: 'benchgate compare' takes only options; see 'benchgate compare --help'`);
        const name = m[1];
        if (FLAGS.includes(name)) {
            if (m[2] !== undefined)
                throw new UsageError(`--${name} takes no value`);
            raw.flags.add(name);
            continue;
        }
        if (!VALUE_OPTIONS.includes(name)) {
            throw new UsageError(`Unknown option --${name}${didYouMean(name, [...VALUE_OPTIONS, ...FLAGS], (n) => `--${n}`)}; see 'benchgate compare --help'`);
        }
        const value = m[2] ?? args[++i];
        if (value === undefined || (m[2] === undefined && value.startsWith('--')))
            throw new UsageError(`--${name} needs a value`);
        const list = raw.values.get(name) ?? [];
        list.push(value);
        raw.values.set(name, list);
    }
    return raw;
}
function single(raw, name) {
    const list = raw.values.get(name);
    if (list && list.length > 1)
        throw new UsageError(`--${name} was given ${list.length} times; give it once`);
    return list?.[0];
}
/** A repeatable FILE option: at least once, never empty. */
function files(raw, name) {
    const list = raw.values.get(name) ?? [];
    if (list.length === 0 || list.some((v) => v === ''))
        throw new UsageError(`--${name} FILE is required; see 'benchgate compare --help'`);
    return list;
}
/** --cluster: auto, none, a label, or a field of the case rows. */
function clusterChoice(raw) {
    if (raw === 'auto' || raw === 'none' || CLUSTER_FIELD_NAME.test(raw))
        return raw;
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --cluster: expected auto, none, one of ${CLUSTER_FIELDS.join(', ')}, or a field of the case rows (no spaces)`);
}
/** A value option that, when given, is not empty. */
function nonEmpty(raw, name) {
    const v = single(raw, name);
    if (v === undefined)
        return null;
    if (v.trim() === '')
        throw new UsageError(`--${name} needs a value: the model name as the results file writes it`);
    return v;
}
/** A confidence level as a fraction or a percentage: 0.95, 95 or 95%. */
function parseConfidence(option, raw) {
    const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(raw);
    const value = m ? Number(m[1]) / (m[2] === '%' || Number(m[1]) > 1 ? 100 : 1) : NaN;
    if (value > 0.5 && value < 1)
        return value;
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a confidence level above 0.5 and below 1, such as 0.95, 0.99 or 95%`);
}
/** --sequential and --max-trials: the maximum number of rounds (trials per side), 2 to 50, default 10. */
function sequentialOf(raw) {
    if (!raw.sequential) {
        if (raw.maxTrials !== undefined)
            throw new UsageError(`--max-trials ${raw.maxTrials} has no effect without --sequential: it is the most rounds a sequential decision may run`);
        return null;
    }
    if (raw.maxTrials === undefined)
        return { maxTrials: DEFAULT_MAX_TRIALS };
    const n = /^\s*\d+\s*$/.test(raw.maxTrials) ? Number(raw.maxTrials) : NaN;
    if (Number.isInteger(n) && n >= 2 && n <= MAX_ROUNDS)
        return { maxTrials: n };
    throw new UsageError(`Invalid value ${JSON.stringify(raw.maxTrials)} for --max-trials: expected a whole number of rounds (trials per side) from 2 to ${MAX_ROUNDS}`);
}
/** The gate options given on the command line, under the configuration file's names. */
function given(raw) {
    const out = {};
    const num = (name) => {
        const v = single(raw, name);
        return v === undefined ? undefined : parseThreshold(name, v);
    };
    const set = (key, value) => {
        if (value !== undefined)
            out[key] = value;
    };
    set('min_reward_delta', num('min-reward-delta'));
    set('min_completion_delta', num('min-completion-delta'));
    set('max_steps_increase', num('max-steps-increase'));
    const on = raw.flags.has('fail-on-completion-regression');
    const off = raw.flags.has('no-fail-on-completion-regression');
    if (on && off)
        throw new UsageError('--fail-on-completion-regression and --no-fail-on-completion-regression contradict each other; give one');
    if (on || off)
        out.fail_on_completion_regression = on;
    const decide = single(raw, 'decide');
    set('decide', decide === undefined ? undefined : oneOf('decide', decide, DECISION_POLICIES));
    const confidence = single(raw, 'confidence');
    set('confidence', confidence === undefined ? undefined : parseConfidence('confidence', confidence));
    const cluster = single(raw, 'cluster');
    set('cluster', cluster === undefined ? undefined : clusterChoice(cluster));
    const codes = (raw.values.get('allow-finding') ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
    if (codes.length > 0)
        out.allow_findings = codes.map((code) => oneOf('allow-finding', code, FINDING_CODES));
    return out;
}
/** The thresholds of a resolved configuration, the seed's defaults where it says nothing. */
function thresholdsOf(c) {
    return {
        min_reward_delta: c.min_reward_delta ?? DEFAULT_THRESHOLDS.min_reward_delta,
        min_completion_delta: c.min_completion_delta ?? DEFAULT_THRESHOLDS.min_completion_delta,
        max_steps_increase: c.max_steps_increase ?? DEFAULT_THRESHOLDS.max_steps_increase,
        fail_on_completion_regression: c.fail_on_completion_regression ?? DEFAULT_THRESHOLDS.fail_on_completion_regression,
    };
}
function parseCompare(args) {
    const raw = tokenize(args);
    if (raw.flags.has('help'))
        return { command: 'help', topic: 'compare' };
    return {
        command: 'compare',
        baseline: files(raw, 'baseline'),
        candidate: files(raw, 'candidate'),
        config: single(raw, 'config') === undefined ? { path: DEFAULT_CONFIG_PATH, explicit: false } : { path: single(raw, 'config'), explicit: true },
        given: given(raw),
        inputFormat: single(raw, 'input-format') === undefined ? null : oneOf('input-format', single(raw, 'input-format'), INPUT_FORMATS),
        models: { baseline: nonEmpty(raw, 'baseline-model'), candidate: nonEmpty(raw, 'candidate-model') },
        format: oneOf('format', single(raw, 'format') ?? 'markdown', REPORT_FORMATS),
        output: single(raw, 'output') ?? null,
        sequential: sequentialOf({ sequential: raw.flags.has('sequential'), maxTrials: single(raw, 'max-trials') }),
    };
}
const COMMANDS = ['compare', 'leaderboard'];
/** Parses `argv` without the node executable and script path. */
function parseArgs(argv) {
    const [first, ...rest] = argv;
    if (first === undefined)
        throw new UsageError("A command is required: 'benchgate compare --baseline FILE --candidate FILE'. See 'benchgate --help'");
    if (first === '--help' || first === '-h')
        return { command: 'help', topic: 'main' };
    if (first === 'help') {
        const [topic, ...extra] = rest;
        if (topic === undefined)
            return { command: 'help', topic: 'main' };
        if (extra.length > 0 || (topic !== 'compare' && topic !== 'leaderboard')) {
            throw new UsageError(`'benchgate help' takes one command name: compare or leaderboard${topic !== 'compare' && topic !== 'leaderboard' ? `, not ${JSON.stringify(topic)}${didYouMean(topic, COMMANDS)}` : ''}`);
        }
        return { command: 'help', topic };
    }
    if (first === '--version' || first === '-V')
        return { command: 'version' };
    if (first === 'compare')
        return parseCompare(rest);
    if (first === 'leaderboard')
        return parseLeaderboard(rest) ?? { command: 'help', topic: 'leaderboard' };
    throw new UsageError(`Unknown command ${JSON.stringify(first)}${didYouMean(first.replace(/^-+/, ''), COMMANDS)}; expected 'compare' or 'leaderboard'. See 'benchgate --help'`);
}

/** The CLI's help texts. Every option is listed with its default; a test checks none is missing. */
/** Comma-joined words wrapped to `width`, each line indented by `indent` spaces. */
function wrap(words, indent, width) {
    const lines = [];
    let line = '';
    for (const word of words) {
        const next = line ? `${line}, ${word}` : word;
        if (indent + next.length + 1 > width && line) {
            lines.push(`${line},`);
            line = word;
        }
        else
            line = next;
    }
    lines.push(line);
    return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}
const MAIN_HELP = `benchgate: decide from benchmark evidence whether a candidate may be promoted over a baseline.

Usage:
  benchgate compare --baseline FILE --candidate FILE [options]
  benchgate leaderboard FILE|GLOB... [options]
  benchgate help [compare | leaderboard]
  benchgate --help | --version

Commands:
  compare       Compare two benchmark summaries and print a report; the exit code is the verdict.
  leaderboard   Rank many runs by one metric, with filters and statistics per group.

Run 'benchgate help compare' or 'benchgate help leaderboard' (or the command with --help) for
its options.
`;
const LEADERBOARD_HELP = `Usage: benchgate leaderboard FILE|GLOB... [options]

Ranks runs (summary files of any input format; quote globs) by one metric. Every file is its own
entry, and a benchgate history file (the history-branch's <suite>.json) gives one entry per run it
holds, with the figures recorded then: runs that share an id are told apart by their file. Tokens are the case rows' own usage and
a cost needs a price (the configuration's pricing, or the summary's cost_usd): unknown values are
shown as unknown, never 0, and rank last.

Ranking:
  --by METRIC          reward | completion_rate | steps | tokens | cost | duration | efficiency
                       (reward per 1,000 tokens per case) (default: reward; reward, completion_rate
                       and efficiency rank higher first, the others lower first)
  --group-by FIELD     strategy | model | mode | preset: mean, median, standard deviation and range
                       of the metric per group (default: over all runs)
  --top N              show the best N runs (default: all)

Filters (a run must pass all):
  --preset NAME        only runs of this preset
  --mode NAME          only runs of this mode
  --strategy NAME      only runs of this harness strategy
  --model NAME         only runs of this model
  --since DATE         only runs started on or after DATE (2026-11-01 or an ISO timestamp)
  --until DATE         only runs started on or before DATE; both exclude runs without a start time
  --min-cases N        only runs of at least N cases

Output:
  --format FORMAT      table | markdown | csv | json (default: table)
  --output FILE        write there instead of standard output
  --config FILE        the configuration (default: .github/benchgate.yml when it exists): pricing,
                       input format and field mapping
  --input-format NAME  ${INPUT_FORMATS.join(' | ')} (default: auto)
  -h, --help           this help

Exit codes:
  0  the leaderboard was written
  2  the command line or an input file is wrong, or the filters leave no run
`;
const COMPARE_HELP = `Usage: benchgate compare --baseline FILE --candidate FILE [options]
       benchgate compare --decide significant --baseline 'runs/base-*.json' --candidate 'runs/cand-*.json'

Compares a candidate benchmark run with a baseline run using rlm-code's four promotion gates
(exactly as rlm-code computes them) plus integrity checks rlm-code lacks (missing cases, incomplete,
cancelled or empty runs, different presets, totals that contradict the case rows).

Inputs:
  --baseline FILE                  summary of the baseline run (required); with --decide significant,
                                   repeat it or give a quoted glob for repeated trials of one suite
  --candidate FILE                 summary of the candidate run (required); the same
  --input-format NAME              ${INPUT_FORMATS.join(' | ')} (default: auto, detected from the file)
  --baseline-model NAME            for a results file with one run per model: the baseline's model
  --candidate-model NAME           the candidate's model (the same file may serve both sides)
  --config FILE                    the gate configuration (default: .github/benchgate.yml when it
                                   exists); the options below override it

Gates (rlm-code's names; deltas are candidate − baseline, absolute):
  --min-reward-delta N             the candidate's mean reward minus the baseline's must be at
                                   least N (default: ${DEFAULT_THRESHOLDS.min_reward_delta}; -0.05 allows a small drop)
  --min-completion-delta N         the completion-rate difference (a fraction: 0.05 = 5 points)
                                   must be at least N (default: ${DEFAULT_THRESHOLDS.min_completion_delta})
  --max-steps-increase N           mean steps may rise by at most N (default: ${DEFAULT_THRESHOLDS.max_steps_increase})
  --fail-on-completion-regression  hold when a case the baseline completed is not completed by the
                                   candidate (default: on)
  --no-fail-on-completion-regression
                                   do not gate on such cases (they are still reported)
  N is a decimal number (e.g. 0, -0.05, 1e-3) or inf / -inf; NaN is refused.

Decision:
  --decide POLICY                  point | significant (default: point)
                                     point        the gates on point estimates, exactly as rlm-code
                                     significant  each gate on the paired per-case evidence: it fails
                                                  only when the data show it violated, passes when
                                                  they show it holds, else the verdict is
                                                  inconclusive (exit 3)
  --confidence LEVEL               for significant: 0.95, 0.99 or 95% (default: 0.95)
  --cluster FIELD                  for significant: auto | none | task_family | environment | domain |
                                   split | length_bucket | any field of the case rows: cases of one
                                   group are tested as one unit
                                   (default: auto: task_family, environment or domain when every case
                                   has one and there are at least 20 groups)
  --sequential                     for significant: decide round by round (one trial of each side
                                   per round, the files given so far), at levels that keep the error
                                   rates when you stop at the first decision; says whether to stop
                                   and about how many more rounds would decide (exit 3 meanwhile)
  --max-trials N                   for --sequential: the most rounds, fixed before the first
                                   (2 to 50, default: 10)

Findings:
  --allow-finding CODE[,CODE]      report findings with this code but do not hold the verdict on them;
                                   repeatable (default: none). Codes:
${wrap(FINDING_CODES, 35, 100)}

Output:
  --format FORMAT                  markdown | json | csv (default: markdown)
                                     markdown  the report a PR reviewer reads
                                     json      rlm-code's validate --json fields plus verdict,
                                               findings and the per-case rows
                                     csv       rlm-code's per-case report columns, RFC 4180 quoting
  --output FILE                    write the report to FILE (parent folders are created; an input
                                   file is never overwritten) instead of standard output
  -h, --help                       show this help

Exit status:
  0  promote: all four gates pass and no finding holds the verdict
  1  hold: a gate failed or a finding holds the verdict
  2  the command line or an input file is wrong (the message says what and where)
  3  inconclusive (--decide significant only): no gate failed, but not every gate is shown to hold;
     with --sequential: run another round unless the report says the maximum is reached
`;

/**
 * The CLI program: parse, load, compare, render, write. Returns the exit code instead of exiting, so
 * it can be tested in-process; `src/cli.ts` is the only place that touches `process`.
 */
const EXIT = { promote: 0, hold: 1, error: 2, inconclusive: 3 };
/** Each renderer yields the report in one or more pieces (JSON streams its case rows). */
const RENDERERS = {
    markdown: (cmp) => [renderMarkdown(cmp)],
    json: (cmp) => renderJsonChunks(cmp),
    csv: (cmp) => [renderCsv(cmp)],
};
/** One line for the log: the verdict and why. */
function verdictLine(cmp) {
    const why = [];
    if (cmp.failed_gates.length > 0)
        why.push(`failed gates: ${cmp.failed_gates.join(', ')}`);
    if (cmp.failed_metric_gates.length > 0)
        why.push(`failed gates of the configuration: ${cmp.failed_metric_gates.join(', ')}`);
    if (cmp.undecided_gates.length > 0)
        why.push(`undecided gates: ${cmp.undecided_gates.join(', ')}`);
    if (cmp.undecided_metric_gates.length > 0)
        why.push(`undecided gates of the configuration: ${cmp.undecided_metric_gates.join(', ')}`);
    if (cmp.blocking_findings.length > 0)
        why.push(`findings: ${cmp.blocking_findings.map((f) => f.code).join(', ')}`);
    if (why.length === 0)
        why.push(cmp.decision === 'significant' ? 'all 4 gates shown to hold, no finding holds' : 'all 4 gates passed, no finding holds');
    if (cmp.sequential !== undefined)
        why.push(sequentialWords(cmp.sequential));
    return `benchgate: ${cmp.verdict} (${why.join('; ')})`;
}
/** The sequential state in a few words: round, stop or continue, and the runs saved or still suggested. */
function sequentialWords(s) {
    const at = `round ${s.rounds} of at most ${s.max_rounds}`;
    if (s.reason === 'decided')
        return `${at}: stop, decided; ${s.runs.saved} of the fixed design's ${s.runs.fixed} runs saved`;
    if (s.reason === 'max-trials')
        return `${at}: stop, the maximum is reached undecided`;
    const more = s.more_rounds === null ? `no decision in sight within ${s.max_rounds} rounds` : `about ${s.more_rounds} more round${s.more_rounds === 1 ? '' : 's'} on the current estimates`;
    return `${at}: continue, run another round (${more})`;
}
/**
 * --sequential: the round the files make (one trial per side per round), checked against the
 * policy and --max-trials; null without --sequential.
 */
function sequentialRound(cmd, config, baselines, candidates) {
    if (cmd.sequential === null)
        return null;
    if (config.decide !== 'significant') {
        throw new UsageError(`--sequential has no effect with --decide ${config.decide ?? 'point'}${config.decide === undefined ? ' (the default)' : ''}: it decides the significant policy round by round; add --decide significant`);
    }
    const max = cmd.sequential.maxTrials;
    if (baselines.length !== candidates.length) {
        throw new UsageError(`--sequential needs one trial of each side per round: got ${baselines.length} baseline and ${candidates.length} candidate file${candidates.length === 1 ? '' : 's'}; give the same number of each`);
    }
    if (baselines.length > max) {
        throw new UsageError(`--sequential with --max-trials ${max}: got ${baselines.length} trials per side, more than the ${max} rounds the design allows; raise --max-trials (up to ${MAX_ROUNDS}) before the first round, never after looking`);
    }
    return { round: baselines.length, max };
}
/** Writes via a temporary file and a rename, so a reader never sees half a report. */
function writeReport(output, inputs, pieces) {
    const out = resolve(output);
    for (const input of inputs) {
        if (resolve(input) === out)
            throw new UsageError(`--output ${output} is an input file; refusing to overwrite it`);
    }
    const tmp = `${out}.benchgate-${process.pid}.tmp`;
    try {
        mkdirSync(dirname(out), { recursive: true });
        const fd = openSync(tmp, 'w');
        try {
            for (const piece of pieces)
                writeSync(fd, piece);
        }
        finally {
            closeSync(fd);
        }
        renameSync(tmp, out);
    }
    catch (err) {
        rmSync(tmp, { force: true });
        throw new UsageError(`--output ${output}: cannot write (${err.code ?? err.message})`);
    }
    return out;
}
/** The files of one side: globs expanded; several only under the significant policy. */
function sideFiles(option, cmd, config) {
    const list = expandInputs(option, cmd[option], process.cwd());
    if (list.length > 1 && config.decide !== 'significant') {
        throw new UsageError(`--${option} gives ${list.length} files: repeated trials are judged with --decide significant (point compares one run per side)`);
    }
    return list;
}
async function runCompare(cmd, io) {
    // Flags override the configuration file, which overrides the defaults.
    const config = { ...(loadConfig(cmd.config.path, cmd.config.explicit) ?? {}), ...cmd.given };
    // An option that cannot change the verdict under the chosen policy is a mistake, not a no-op.
    const ineffective = ['confidence', 'cluster'].filter((k) => cmd.given[k] !== undefined);
    if (ineffective.length > 0 && config.decide !== 'significant') {
        const which = ineffective.map((k) => `--${k}`).join(' and ');
        throw new UsageError(`${which} ${ineffective.length > 1 ? 'have' : 'has'} no effect with --decide ${config.decide ?? 'point'}${config.decide === undefined ? ' (the default)' : ''}: ${ineffective.length > 1 ? 'they apply' : 'it applies'} to --decide significant only`);
    }
    const baselines = sideFiles('baseline', cmd, config);
    const candidates = sideFiles('candidate', cmd, config);
    const seq = sequentialRound(cmd, config, baselines, candidates);
    const confidence = config.confidence ?? 0.95;
    const options = {
        baseline: loadOptionsOf(config, 'baseline', cmd.inputFormat, cmd.models.baseline),
        candidate: loadOptionsOf(config, 'candidate', cmd.inputFormat, cmd.models.candidate),
    };
    const [baseline, candidate] = await loadPair(baselines[0], candidates[0], options, io.workerScript ?? null);
    const more = (paths, o) => paths.slice(1).map((path) => ({ path, summary: loadSummary(path, o) }));
    const trials = { baseline: [baseline, ...more(baselines, options.baseline)], candidate: [candidate, ...more(candidates, options.candidate)] };
    const cmp = compareSummaries(baseline, candidate, {
        thresholds: thresholdsOf(config),
        allowFindings: config.allow_findings ?? [],
        decide: config.decide ?? 'point',
        // Sequentially, this round's tests run at its nominal level of the design (analysis/sequential.ts).
        significance: { confidence: seq === null ? confidence : sequentialConfidence(seq.round, seq.max, confidence), cluster: config.cluster ?? 'auto' },
        comparability: config.comparability ?? {},
        metricGates: config.gates ?? [],
        safety: config.safety ?? {},
        pricing: config.pricing ?? {},
        slices: config.slices ?? [],
        trials,
    });
    if (seq !== null && cmp.significance !== null) {
        cmp.sequential = decideSequential(cmp.verdict, cmp.significance.gates, seq.round, seq.max, confidence);
    }
    const pieces = RENDERERS[cmd.format](cmp);
    if (cmd.output === null) {
        for (const piece of pieces)
            io.stdout(piece);
        io.stderr(`${verdictLine(cmp)}\n`);
    }
    else {
        const out = writeReport(cmd.output, [...baselines, ...candidates], pieces);
        io.stdout(`${verdictLine(cmp)}\nbenchgate: ${cmd.format} report written to ${out}\n`);
    }
    return EXIT[cmp.verdict];
}
/** Runs the CLI with `argv` (no node/script prefix) and resolves to the exit code. */
async function main(argv, io) {
    try {
        const cmd = parseArgs(argv);
        switch (cmd.command) {
            case 'help':
                io.stdout(cmd.topic === 'main' ? MAIN_HELP : cmd.topic === 'compare' ? COMPARE_HELP : LEADERBOARD_HELP);
                return 0;
            case 'leaderboard': {
                const text = runLeaderboard(cmd);
                if (cmd.output === null)
                    io.stdout(text);
                else
                    io.stdout(`benchgate: ${cmd.format} leaderboard written to ${writeReport(cmd.output, cmd.files, [text])}\n`);
                return 0;
            }
            case 'version':
                io.stdout(`${BENCHGATE_VERSION}\n`);
                return 0;
            case 'compare':
                return await runCompare(cmd, io);
        }
    }
    catch (err) {
        if (isUserError(err)) {
            io.stderr(`benchgate: error: ${err.message}\n`);
        }
        else {
            const detail = process.env['BENCHGATE_DEBUG'] ? String(err.stack) : String(err?.message ?? err);
            io.stderr(`benchgate: internal error: ${detail}\nThis is a bug in benchgate; set BENCHGATE_DEBUG=1 for a stack trace and report it.\n`);
        }
        return EXIT.error;
    }
}

/**
 * Entry point of `dist/cli.js` (the `benchgate` bin). The same bundle also runs as the thread that
 * loads one large summary (see cli/load.ts), so the CLI stays a single self-contained file.
 */
if (isMainThread) {
    process.exitCode = await main(process.argv.slice(2), {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        workerScript: new URL(import.meta.url),
    });
}
else {
    runLoadWorker();
}
