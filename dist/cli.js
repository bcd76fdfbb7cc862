#!/usr/bin/env node
import { workerData, parentPort, Worker, isMainThread } from 'node:worker_threads';
import { readFileSync, statSync, readdirSync, mkdirSync, openSync, writeSync, closeSync, renameSync, rmSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { normalize, resolve, isAbsolute, relative, join, sep, dirname } from 'node:path';

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

const SLOTS = 11;
/** Where each number of a case sits among its {@link SLOTS}; absent usage and harness counters are 0. */
const SLOT = {
    reward: 0, steps: 1, duration: 2, totalCalls: 3, promptTokens: 4, completionTokens: 5,
    harnessToolCalls: 6, mcpToolCalls: 7, chainCalls: 8, searchCalls: 9, discoveryCalls: 10,
};
/** The bits of a case's flags. */
const FLAG = { completed: 1, usage: 2, harness: 4, guardrail: 8, mcpKnown: 16, mcpEnabled: 32, duration: 64 };
const WIDE$1 = /[\ud800-\uffff]/;
const COLUMNS = ['mode', 'environment', 'task_family', 'domain', 'split', 'length_bucket', 'mcp_server', 'harness_strategy'];
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
    constructor(capacity) {
        this.numbers = new Float64Array(capacity * SLOTS);
        this.flags = new Uint8Array(capacity);
        this.encoders = Object.fromEntries(COLUMNS.map((name) => [name, new ColumnEncoder(capacity)]));
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
        };
    }
}
/** The packed form of a summary (the comparison packs summaries that were not loaded packed). */
function packSummary(summary) {
    const { cases, ...head } = summary;
    const packer = new SummaryPacker(cases.length);
    for (const c of cases)
        packer.add(c);
    return packer.finish(head);
}
/** The buffers to pass as postMessage's transfer list. */
function transferables(p) {
    return [p.numbers.buffer, p.flags.buffer, p.sortedDurations.buffer, ...Object.values(p.columns).map((c) => c.index.buffer)];
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
function merge(a, b) {
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
function datetime(args) {
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
    def.pattern ?? (def.pattern = datetime(def));
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
function string(params) {
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
        return this.check(int(params));
    },
    safe(params) {
        return this.check(int(params));
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
function int(params) {
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
        return merge(this, other);
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
            keyType: string(),
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

/**
 * The canonical benchmark summary: what every adapter produces and what the analysis reads.
 *
 * It is a file format (normalized summaries are stored as artifacts and read back), so its keys are
 * snake_case like the benchmark tools it comes from, and it is versioned by {@link SUMMARY_SCHEMA}.
 * Nothing an adapter reads is dropped: fields the model does not name go to `extra`.
 */
/** Identifies the canonical format and its version; bump on any incompatible change. */
const SUMMARY_SCHEMA = 'benchgate.summary/v1';
const nullableString = string().nullable();
const count$1 = int().nonnegative();
/** LLM usage of one case or one role: call and token counts (integers). */
const UsageCounts = object({
    total_calls: count$1,
    prompt_tokens: count$1,
    completion_tokens: count$1,
});
/** Usage of one case; `roles` splits it by model role (rlm-code native runs: `root`, `sub`). */
const CaseUsage = UsageCounts.extend({
    roles: record(string(), UsageCounts).nullable(),
});
/** Harness-mode counters of one case (rlm-code `HarnessRunner`); null for other modes. */
const HarnessCounters = object({
    mcp_enabled: boolean().nullable(),
    mcp_server: nullableString,
    harness_strategy: nullableString,
    harness_tool_calls: count$1,
    mcp_tool_calls: count$1,
    codemode_chain_calls: count$1,
    codemode_search_calls: count$1,
    codemode_discovery_calls: count$1,
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
    id: string().min(1),
    /** Whether the case finished (rlm-code `completed`); strictly a boolean. */
    completed: boolean(),
    /** rlm-code `total_reward`: may exceed 1 (native) and is -1.0 on failure rows. */
    reward: number(),
    /** Agent steps taken; 0 on failure rows. */
    steps: count$1,
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
    extra: record(string(), unknown()),
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
    pack_paths: array(string()),
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
    total_cases: count$1,
    /** Null when the summary predates the field. */
    attempted_cases: count$1.nullable(),
    completed_cases: count$1,
    avg_reward: number(),
    avg_steps: number(),
    latency_seconds: LatencyStats.nullable(),
    usage_totals: UsageCounts.nullable(),
});
/** A metadata value stamped on a run (commit, model, seed …). */
const MetadataValue = union([string(), number(), boolean(), _null()]);
const BenchmarkSummary = object({
    schema: literal(SUMMARY_SCHEMA),
    /** rlm-code `benchmark_id`, or the file stem when the summary has none. */
    id: string().min(1),
    /** The source format the summary was read from, e.g. `rlm-code`. */
    format: string(),
    run: RunInfo,
    reported: ReportedTotals,
    metadata: record(string(), MetadataValue),
    cases: array(CaseResult),
    /** Top-level fields of the source this model does not name, kept verbatim. */
    extra: record(string(), unknown()),
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
function valueAt(root, path) {
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
function describeIssue(issue, root) {
    if (issue.code === 'unrecognized_keys')
        return `unexpected keys ${issue.keys.join(', ')}`;
    return `${expectation(issue)}, got ${describeValue(valueAt(root, issue.path))}`;
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
        const row = valueAt(root, [listKey, path[1]]);
        const id = typeof row === 'object' && row !== null ? row[idKey] : undefined;
        return typeof id === 'string' && id !== '' ? `case ${JSON.stringify(id)} (${where})` : where;
    };
}
/** One line per problem: `<where>: <what>`, where includes the case id for case rows. */
function formatIssues(issues, root, where = (p) => formatPath(p)) {
    return issues.map((issue) => `${where(issue.path)}: ${describeIssue(issue, root)}`);
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
/** Reads and parses a JSON file; `content` as for {@link readTextFile}. */
function readJsonFile(file, content) {
    return parseJsonText(file, readTextFile(file, content));
}

/**
 * Zod field builders whose error messages read "expected …", so every adapter reports the same way.
 * rlm-code itself coerces (`float(x or 0)`, `bool("false") is True`); benchgate rejects instead.
 */
const str$1 = () => string({ error: 'expected a string' });
const nonEmptyStr = () => string({ error: 'expected a non-empty string' }).min(1, { error: 'expected a non-empty string' });
const bool = () => boolean({ error: 'expected a boolean (true or false)' });
const num = () => number({ error: 'expected a finite number' });
const count = () => int({ error: 'expected a whole number' })
    .nonnegative({ error: 'expected a whole number >= 0' });
const seconds = () => number({ error: 'expected a number of seconds' }).nonnegative({ error: 'expected a number of seconds >= 0' });
const nullableStr = () => string({ error: 'expected a string or null' }).nullable();
const nullableBool = () => boolean({ error: 'expected a boolean or null' }).nullable();

/**
 * Field tables: one declaration per field that yields both a zod schema (for exact, named error
 * messages) and a plain predicate that accepts exactly the same values. Validating a 100,000-row
 * summary with zod costs about half a second per file; the predicate does the same in a tenth of
 * that, and zod runs only on the rows the predicate refuses, to say what is wrong. A test checks the
 * two agree on every kind for a wide range of values.
 */
const Counts$1 = object({ total_calls: count(), prompt_tokens: count(), completion_tokens: count() });
const Usage = Counts$1.extend({ roles: record(string(), Counts$1).nullable().optional() });
function baseSchema(kind, nullable) {
    switch (kind) {
        case 'id':
            return nonEmptyStr();
        case 'bool':
            return nullable ? nullableBool() : bool();
        case 'count':
            return count();
        case 'number':
            return num();
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
const Counts = object({ total_calls: count(), prompt_tokens: count(), completion_tokens: count() });
const Latency = object({ avg: num(), p50: num(), p95: num(), p99: num(), max: num() });
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
    total_cases: count(),
    attempted_cases: count().optional(),
    completed_cases: count(),
    avg_reward: num(),
    avg_steps: num(),
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
function packRlmCode(file, data) {
    const top = parseTop(file, data);
    const packer = new SummaryPacker(top.case_results.length);
    parseRows(file, top.case_results, (raw, extra) => packer.add(toCase(raw, extra)));
    checkUniqueIds(file, packer.ids, packer.sortedIds);
    return packer.finish(headOf(file, top, data));
}

/**
 * The adapter registry: picks the format of a parsed file from its shape (or takes it as given) and
 * converts it to the canonical summary. One adapter per file; add new formats to {@link ADAPTERS}.
 */
/** Tried in order by auto-detection: the first whose `detect` matches wins. */
const ADAPTERS = [
    { name: 'benchgate', shape: BENCHGATE_SHAPE, detect: isBenchgateSummary, convert: fromBenchgate },
    { name: 'rlm-code', shape: RLM_CODE_SHAPE, detect: isRlmCodeSummary, convert: fromRlmCode, pack: packRlmCode },
];
/** Input format names accepted by `--input-format`; `auto` detects from the file's shape. */
const INPUT_FORMATS = ['auto', ...ADAPTERS.map((a) => a.name)];
/** The adapter for `data`: the one `format` names, or the first that detects it. */
function adapterFor(file, data, format) {
    if (format !== 'auto') {
        const adapter = ADAPTERS.find((a) => a.name === format);
        if (!adapter)
            throw new InputError(`unknown input format ${JSON.stringify(format)}; expected one of ${INPUT_FORMATS.join(', ')}`);
        return adapter;
    }
    const adapter = ADAPTERS.find((a) => a.detect(data));
    if (adapter)
        return adapter;
    const tried = ADAPTERS.map((a) => `  - ${a.name}: expected ${a.shape}`).join('\n');
    throw new InputError(`${file}: not a benchmark summary benchgate can read. Formats tried:\n${tried}`);
}
/** Converts parsed JSON `data` read from `file`; `format` forces an adapter. */
function parseSummary(file, data, format = 'auto') {
    return adapterFor(file, data, format).convert(file, data);
}
/** Reads, parses and converts a summary file. */
function loadSummary(file, format = 'auto') {
    return parseSummary(file, readJsonFile(file), format);
}
/**
 * Converts parsed JSON `data` into the packed form the comparison reads (see schema/pack.ts), with
 * exactly the checks and errors of {@link parseSummary}, but without building a case object per row.
 */
function parsePackedSummary(file, data, format = 'auto') {
    const adapter = adapterFor(file, data, format);
    return adapter.pack ? adapter.pack(file, data) : packSummary(adapter.convert(file, data));
}
/**
 * Reads a summary file into the packed form (see {@link parsePackedSummary}). `content` is the
 * file's bytes when another thread has read them already.
 */
function loadPackedSummary(file, format = 'auto', content) {
    return parsePackedSummary(file, readJsonFile(file, content), format);
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
/** The packed form of a summary's cases: the one it was loaded from when still current, else packed now. */
function packedOf(summary) {
    return BACKING.get(summary) ?? packSummary(summary);
}
/** The number of cases of a summary, without building the case objects of a packed one. */
function caseCount(summary) {
    return BACKING.get(summary)?.ids.length ?? summary.cases.length;
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
async function loadPair(baseline, candidate, format, workerScript) {
    if (workerScript === null || totalSize([baseline, candidate]) < parallelThreshold()) {
        return [
            { path: baseline, summary: loadSummary(baseline, format) },
            { path: candidate, summary: loadSummary(candidate, format) },
        ];
    }
    // The candidate loads in a thread while this thread loads the baseline: two cores busy. The thread
    // takes tens of milliseconds to start, and ends last: reading its file here meanwhile evens out the work.
    const pending = loadInWorker(workerScript, { file: candidate, format });
    let base;
    try {
        pending.hand(readBytes(candidate));
        base = loadPackedSummary(baseline, format);
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
    const { file, format } = workerData;
    parentPort?.once('message', (content) => {
        let reply;
        try {
            const packed = loadPackedSummary(file, format, content ?? undefined);
            parentPort?.postMessage({ ok: true, packed }, transferables(packed));
            return;
        }
        catch (err) {
            reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
        }
        parentPort?.postMessage(reply);
    });
}

const LABELS = {
    mode: 'mode',
    harness_strategy: 'harness strategy',
    mcp_server: 'MCP server',
    model: 'model',
};
function valueOf(s, d) {
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
        .map((dimension) => ({ dimension, label: LABELS[dimension], baseline: valueOf(baseline, dimension), candidate: valueOf(candidate, dimension) }))
        .filter((d) => d.baseline !== d.candidate);
}
/** The `multiple-differences` finding, when more than one dimension differs. */
function differenceFindings(diffs) {
    if (diffs.length < 2)
        return [];
    const names = diffs.map((d) => d.label).join(', ');
    return [{ code: 'multiple-differences', side: null, message: `More than one thing differs between the runs (${names}): a change in the results cannot be attributed to one of them.`, case_ids: [] }];
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
    'missing-cases': 'error',
    'new-cases': 'notice',
    'multiple-differences': 'warning',
    'case-errors': 'notice',
    'partial-trials': 'error',
    'too-few-clusters': 'warning',
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

/** The case labels a cluster can be taken from. */
const CLUSTER_FIELDS = ['task_family', 'environment', 'domain', 'split', 'length_bucket'];
/** Fewest groups `auto` clusters by: fewer make a cluster-level test too coarse to decide. */
const AUTO_MIN_CLUSTERS = 20;
/** Picks the clustering and says why, as a sentence of benchgate's own words. */
function chooseCluster(cases, choice) {
    if (choice === 'none')
        return { field: null, note: 'cases treated as independent (cluster: none)', drafts: [] };
    const groups = (f) => {
        const seen = new Set();
        for (const c of cases) {
            const v = c.labels[f];
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
        const v = c.labels[field];
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
function mergeTrials(side, runs) {
    if (runs.length === 0)
        throw new RangeError(`mergeTrials(${side}) needs at least one run`);
    checkRuns(side, runs);
    const cases = new Map();
    for (const r of runs) {
        const p = packedOf(r.summary);
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
 * The comparison of two runs: rlm-code's gates, the per-case rows, the integrity findings and the
 * verdict. Pure: summaries in, a {@link Comparison} out.
 */
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
function significanceOf(baseline, candidate, thresholds, options) {
    const b = mergeTrials('baseline', options.trials?.baseline ?? [baseline]);
    const c = mergeTrials('candidate', options.trials?.candidate ?? [candidate]);
    const paired = pairTrials(b, c);
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
function compareSummaries(baseline, candidate, options = {}) {
    const thresholds = options.thresholds ?? { ...DEFAULT_THRESHOLDS };
    const b = baseline.summary;
    const c = candidate.summary;
    // The cases are read in packed form: summaries loaded packed are read as loaded, others packed now.
    const bp = packedOf(b);
    const cp = packedOf(c);
    const cases = pairRows(bp, cp);
    const totals = { baseline: runTotals(bp), candidate: runTotals(cp) };
    const rlm = evaluateRlmGates(b, c, summarizeCases(cases), thresholds);
    const differences = findDifferences(b, c);
    const decision = options.decide ?? 'point';
    if (decision === 'point' && options.trials && (options.trials.baseline.length > 1 || options.trials.candidate.length > 1)) {
        throw new RangeError('repeated trials need the significant decision policy');
    }
    const significance = decision === 'significant' ? significanceOf(baseline, candidate, thresholds, options) : null;
    const extra = [...differenceFindings(differences), ...(significance?.drafts ?? [])];
    const findings = collectFindings(b, c, cases, extra, new Set(options.allowFindings ?? []), totals);
    const blocking_findings = findings.filter((f) => f.blocking);
    let verdict;
    let failed_gates;
    let undecided_gates = [];
    if (significance === null) {
        failed_gates = GATE_NAMES.filter((g) => !rlm.gates[g]);
        verdict = rlm.passed && blocking_findings.length === 0 ? 'promote' : 'hold';
    }
    else {
        failed_gates = significance.gates.filter((g) => g.status === 'fail').map((g) => g.gate);
        undecided_gates = significance.gates.filter((g) => g.status === 'inconclusive').map((g) => g.gate);
        verdict = failed_gates.length > 0 || blocking_findings.length > 0 ? 'hold' : undecided_gates.length > 0 ? 'inconclusive' : 'promote';
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
        decision,
        significance,
        verdict,
        failed_gates,
        undecided_gates,
        blocking_findings,
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
        ...(cmp.significance === null ? {} : { decision: 'significant', undecided_gates: cmp.undecided_gates, significance: jsonSafe(cmp.significance) }),
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
const ICON$1 = { pass: '✅', fail: '❌', inconclusive: '❔' };
/** A value of a gate's scale: reward 4 dp, completion in percentage points, steps 2 dp. */
function change$1(gate, x) {
    if (!Number.isFinite(x))
        return x > 0 ? '+∞' : '−∞';
    if (gate === 'completion' || gate === 'completion_regressions')
        return `${signed(x * 100, 1)} pp`;
    return signed(x, gate === 'reward' ? 4 : 2);
}
function level(g, x) {
    if (x === null)
        return '';
    return g === 'completion' ? percent(x) : g === 'reward' ? reward4(x) : pyFixed(x, 2);
}
/** A p-value as benchstat shows it: 3 significant places, "<0.001" below. */
function pValue(p) {
    if (p < 0.001)
        return 'p<0.001';
    return `p=${pyFixed(p, p < 0.01 ? 4 : 3).replace(/0+$/, '').replace(/\.$/, '')}`;
}
function rule(t) {
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
    const pct = Math.round(s.confidence * 100);
    const rows = s.gates.map((t) => [LABEL[t.gate], level(t.gate, t.baseline), level(t.gate, t.candidate), changeCell(t), bounds(t), pValue(t.p_change), rule(t), ICON$1[t.status]]);
    return table(['Gate', 'Baseline', 'Candidate', 'Change', `${pct}% bounds`, 'p', 'Rule', ''], ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'center'], rows);
}
/** How the evidence was tested, in one line under the table. */
function methodLine(s) {
    const pct = Math.round(s.confidence * 100);
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
    const pct = Math.round(s.confidence * 100);
    if (t.gate === 'completion_regressions') {
        return `${t.regressed ?? 0} cases got worse and ${t.improved ?? 0} better: more worse than better beyond chance (adjusted ${pValue(t.p_violated_adjusted)}).`;
    }
    const bound = t.direction === 'at_least' ? `at best ${change$1(t.gate, t.upper)}` : `at least ${change$1(t.gate, t.lower)}`;
    const name = lower(t.gate);
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} changed by ${change$1(t.gate, t.estimate)}, ${bound} at ${pct}% confidence (rule ${rule(t)}; adjusted ${pValue(t.p_violated_adjusted)}).`;
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
    const pct = Math.round(s.confidence * 100);
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

function headline(cmp, level) {
    const names = sideNames(cmp);
    const generic = cmp.differences.length !== 1;
    const cand = generic ? `candidate ${untrusted(cmp.candidate.summary.id)}` : names.candidate;
    const base = generic ? `baseline ${untrusted(cmp.baseline.summary.id)}` : names.baseline;
    const b = cmp.baseline.summary.run.preset;
    const on = b !== null && b === cmp.candidate.summary.run.preset ? ` on ${untrusted(b)}` : '';
    const hashes = '#'.repeat(level);
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
function comparedLine(cmp) {
    const b = cmp.baseline.summary;
    const c = cmp.candidate.summary;
    const parts = cmp.differences.map((d) => `${d.label} ${d.baseline === null ? '*(none)*' : untrusted(d.baseline)} → ${d.candidate === null ? '*(none)*' : untrusted(d.candidate)}`);
    if (parts.length === 0)
        parts.push('nothing differs in mode, harness strategy, MCP server or model');
    const same = [];
    if (b.run.preset !== null && b.run.preset === c.run.preset)
        same.push(`preset ${untrusted(b.run.preset)}`);
    else
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
const ICON = { error: '🛑', warning: '⚠️', notice: 'ℹ️' };
function findingLine(f) {
    const allowed = f.severity === 'error' && !f.blocking ? ' (allowed, does not hold)' : '';
    const cases = f.case_ids.length > 0 ? ` Cases: ${idList(f.case_ids)}` : '';
    return `- ${ICON[f.severity]} \`${f.code}\`${allowed}: ${f.message}${cases}`;
}
function findingsSection(cmp) {
    if (cmp.findings.length === 0)
        return [];
    return ['**Findings**', '', ...cmp.findings.map(findingLine), ''];
}
function footer(cmp, version) {
    const b = untrusted(cmp.baseline.summary.id);
    const c = untrusted(cmp.candidate.summary.id);
    const how = cmp.significance === null ? 'rlm-code-compatible gates' : `rlm-code's gates judged on paired evidence at ${Math.round(cmp.significance.confidence * 100)}% confidence`;
    return `<sub>benchgate ${version} · ${how} · baseline ${b} vs candidate ${c}</sub>`;
}
/** Renders the markdown report, in full unless `options.detail` says less. */
function renderMarkdown(cmp, options = {}) {
    const detail = options.detail ?? 'full';
    const lines = [
        headline(cmp, options.headingLevel ?? 3),
        '',
        ...reasonLines(cmp),
        '',
        comparedLine(cmp),
        '',
        ...gateTable(cmp),
        '',
        ...(detail === 'verdict' ? [] : caseSections(cmp)),
        ...findingsSection(cmp),
        ...(detail === 'verdict' ? [] : [...usageSection(cmp), '']),
        ...(detail === 'full' ? [...allCasesSection(cmp), ''] : []),
        ...releaseChecklist(cmp),
        '',
        footer(cmp, options.version ?? BENCHGATE_VERSION),
    ];
    return `${lines.join('\n')}\n`;
}

/**
 * Parses the command line into a typed command. Every problem is a {@link UsageError} that names the
 * option, the value received and what is allowed.
 */
const REPORT_FORMATS = ['markdown', 'json', 'csv'];
const VALUE_OPTIONS = ['baseline', 'candidate', 'decide', 'confidence', 'cluster', 'input-format', 'min-reward-delta', 'min-completion-delta', 'max-steps-increase', 'format', 'output', 'allow-finding'];
const FLAGS = ['fail-on-completion-regression', 'no-fail-on-completion-regression', 'help'];
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
        const m = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
        if (!m)
            throw new UsageError(`Unexpected argument ${JSON.stringify(arg)}: 'benchgate compare' takes only options; see 'benchgate compare --help'`);
        const name = m[1];
        if (FLAGS.includes(name)) {
            if (m[2] !== undefined)
                throw new UsageError(`--${name} takes no value`);
            raw.flags.add(name);
            continue;
        }
        if (!VALUE_OPTIONS.includes(name))
            throw new UsageError(`Unknown option --${name}; see 'benchgate compare --help'`);
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
/** A confidence level as a fraction or a percentage: 0.95, 95 or 95%. */
function parseConfidence(option, raw) {
    const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(raw);
    const value = m ? Number(m[1]) / (m[2] === '%' || Number(m[1]) > 1 ? 100 : 1) : NaN;
    if (value > 0.5 && value < 1)
        return value;
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a confidence level above 0.5 and below 1, such as 0.95, 0.99 or 95%`);
}
function thresholds(raw) {
    const num = (name, fallback) => {
        const v = single(raw, name);
        return v === undefined ? fallback : parseThreshold(name, v);
    };
    const on = raw.flags.has('fail-on-completion-regression');
    const off = raw.flags.has('no-fail-on-completion-regression');
    if (on && off)
        throw new UsageError('--fail-on-completion-regression and --no-fail-on-completion-regression contradict each other; give one');
    return {
        min_reward_delta: num('min-reward-delta', DEFAULT_THRESHOLDS.min_reward_delta),
        min_completion_delta: num('min-completion-delta', DEFAULT_THRESHOLDS.min_completion_delta),
        max_steps_increase: num('max-steps-increase', DEFAULT_THRESHOLDS.max_steps_increase),
        fail_on_completion_regression: off ? false : DEFAULT_THRESHOLDS.fail_on_completion_regression,
    };
}
function allowFindings(raw) {
    const codes = (raw.values.get('allow-finding') ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
    return codes.map((code) => oneOf('allow-finding', code, FINDING_CODES));
}
function parseCompare(args) {
    const raw = tokenize(args);
    if (raw.flags.has('help'))
        return { command: 'help', topic: 'compare' };
    return {
        command: 'compare',
        baseline: files(raw, 'baseline'),
        candidate: files(raw, 'candidate'),
        decide: oneOf('decide', single(raw, 'decide') ?? 'point', DECISION_POLICIES),
        confidence: parseConfidence('confidence', single(raw, 'confidence') ?? '0.95'),
        cluster: oneOf('cluster', single(raw, 'cluster') ?? 'auto', ['auto', 'none', ...CLUSTER_FIELDS]),
        inputFormat: oneOf('input-format', single(raw, 'input-format') ?? 'auto', INPUT_FORMATS),
        thresholds: thresholds(raw),
        allowFindings: allowFindings(raw),
        format: oneOf('format', single(raw, 'format') ?? 'markdown', REPORT_FORMATS),
        output: single(raw, 'output') ?? null,
    };
}
/** Parses `argv` without the node executable and script path. */
function parseArgs(argv) {
    const [first, ...rest] = argv;
    if (first === undefined)
        throw new UsageError("A command is required: 'benchgate compare --baseline FILE --candidate FILE'. See 'benchgate --help'");
    if (first === '--help' || first === '-h' || first === 'help')
        return { command: 'help', topic: 'main' };
    if (first === '--version' || first === '-V')
        return { command: 'version' };
    if (first === 'compare')
        return parseCompare(rest);
    throw new UsageError(`Unknown command ${JSON.stringify(first)}; expected 'compare'. See 'benchgate --help'`);
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
  benchgate compare --baseline FILE... --candidate FILE... [options]
  benchgate --help | --version

Commands:
  compare   Compare two benchmark summaries and print a report; the exit code is the verdict.

Run 'benchgate compare --help' for the options.
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

Gates (rlm-code's names; deltas are candidate − baseline, absolute):
  --min-reward-delta N             mean reward may change by at least N (default: ${DEFAULT_THRESHOLDS.min_reward_delta})
  --min-completion-delta N         completion rate (a fraction: 0.05 = 5 points) may change by at
                                   least N (default: ${DEFAULT_THRESHOLDS.min_completion_delta})
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
                                   split | length_bucket: cases of one group are tested as one unit
                                   (default: auto: task_family, environment or domain when every case
                                   has one and there are at least 20 groups)

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
  3  inconclusive (--decide significant only): no gate failed, but not every gate is shown to hold
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
    if (cmp.undecided_gates.length > 0)
        why.push(`undecided gates: ${cmp.undecided_gates.join(', ')}`);
    if (cmp.blocking_findings.length > 0)
        why.push(`findings: ${cmp.blocking_findings.map((f) => f.code).join(', ')}`);
    if (why.length === 0)
        why.push(cmp.decision === 'significant' ? 'all 4 gates shown to hold, no finding holds' : 'all 4 gates passed, no finding holds');
    return `benchgate: ${cmp.verdict} (${why.join('; ')})`;
}
/** Writes via a temporary file and a rename, so a reader never sees half a report. */
function writeReport(cmd, inputs, pieces) {
    const out = resolve(cmd.output);
    for (const input of inputs) {
        if (resolve(input) === out)
            throw new UsageError(`--output ${cmd.output} is an input file; refusing to overwrite it`);
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
        throw new UsageError(`--output ${cmd.output}: cannot write (${err.code ?? err.message})`);
    }
    return out;
}
/** The files of one side: globs expanded; several only under the significant policy. */
function sideFiles(option, cmd) {
    const list = expandInputs(option, cmd[option], process.cwd());
    if (list.length > 1 && cmd.decide !== 'significant') {
        throw new UsageError(`--${option} gives ${list.length} files: repeated trials are judged with --decide significant (point compares one run per side)`);
    }
    return list;
}
async function runCompare(cmd, io) {
    const baselines = sideFiles('baseline', cmd);
    const candidates = sideFiles('candidate', cmd);
    const [baseline, candidate] = await loadPair(baselines[0], candidates[0], cmd.inputFormat, io.workerScript ?? null);
    const more = (paths) => paths.slice(1).map((path) => ({ path, summary: loadSummary(path, cmd.inputFormat) }));
    const trials = { baseline: [baseline, ...more(baselines)], candidate: [candidate, ...more(candidates)] };
    const cmp = compareSummaries(baseline, candidate, {
        thresholds: cmd.thresholds,
        allowFindings: cmd.allowFindings,
        decide: cmd.decide,
        significance: { confidence: cmd.confidence, cluster: cmd.cluster },
        trials,
    });
    const pieces = RENDERERS[cmd.format](cmp);
    if (cmd.output === null) {
        for (const piece of pieces)
            io.stdout(piece);
        io.stderr(`${verdictLine(cmp)}\n`);
    }
    else {
        const out = writeReport(cmd, [...baselines, ...candidates], pieces);
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
                io.stdout(cmd.topic === 'main' ? MAIN_HELP : COMPARE_HELP);
                return 0;
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
