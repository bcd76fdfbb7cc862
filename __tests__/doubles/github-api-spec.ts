// GitHub's own OpenAPI description (@octokit/openapi, dereferenced) as the judge of what the GitHub
// API double accepts and answers. Parsing the 73 MB file takes ~0.7 s and ~190 MB of heap on an idle
// core (several seconds on a busy machine), so it is read once per process, on first use, and each
// schema is compiled by ajv once and cached. Most processes only need the paths the double serves
// (ROUTES): those are taken from the full file once and kept in the temp directory, keyed by the
// file's size and mtime and the routes' templates, so later processes read ~1 MB; a template that
// is not in that subset falls back to the full file, so an operation the spec lacks is still missing.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';

import { ROUTES } from './github-api-routes.js';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
}
interface Operation {
  operationId?: string;
  externalDocs?: { url?: string };
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

const SPEC = 'api.github.com.deref.json';
type Paths = Record<string, Record<string, Operation>>;
let paths: Paths | undefined;
let served: Paths | undefined;

/** Resolved through node's resolver, as the tests' import would be. */
const specFile = (): string => createRequire(import.meta.url).resolve(`@octokit/openapi/generated/${SPEC}`);

/** The spec's `paths`, parsed on first call. */
export function specPaths(): Paths {
  paths ??= (JSON.parse(readFileSync(specFile(), 'utf8')) as { paths: Paths }).paths;
  return paths;
}

/** The spec's paths for the templates ROUTES serves, from the temp directory's copy when it matches. */
function servedPaths(): Paths {
  if (served) return served;
  const file = specFile();
  const { size, mtimeMs } = statSync(file);
  const templates = [...new Set(ROUTES.map((r) => r.template))].sort();
  const key = createHash('sha256')
    .update(JSON.stringify([file, size, mtimeMs, templates]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), 'benchgate-openapi-subset');
  const cached = join(dir, `${key}.json`);
  try {
    served = JSON.parse(readFileSync(cached, 'utf8')) as Paths;
  } catch {
    const all = specPaths();
    served = Object.fromEntries(templates.filter((t) => all[t] !== undefined).map((t) => [t, all[t] as Record<string, Operation>]));
    // Written whole under a unique name, then renamed: a process reading beside it sees all or nothing.
    mkdirSync(dir, { recursive: true });
    const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, JSON.stringify(served));
    renameSync(partial, cached);
  }
  return served;
}

/** The operation for `method` on a path template spelled as in the spec, or undefined. */
export function operation(method: string, template: string): Operation | undefined {
  const subset = servedPaths();
  const ops = Object.hasOwn(subset, template) ? subset[template] : specPaths()[template];
  return ops?.[method.toLowerCase()];
}

/** The page GitHub names in `documentation_url` for this operation. */
export function docsUrl(method: string, template: string): string {
  return operation(method, template)?.externalDocs?.url ?? 'https://docs.github.com/rest';
}

// maxLength counts code points here, as GitHub (Ruby) does; the store's own length rules count UTF-16
// units, as JS's `.length` does, which is the stricter of the two.
const ajv = new Ajv({ strict: false, allErrors: true });
// Query values arrive as strings: coerce "100" to 100 before checking `type: integer`.
const queryAjv = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
for (const instance of [ajv, queryAjv]) formats.default(instance);
const compiled = new Map<string, ValidateFunction | null>();

function compile(key: string, instance: Ajv, schema: () => Json | undefined): ValidateFunction | null {
  if (!compiled.has(key)) {
    const found = schema();
    if (found) admitNull(found);
    compiled.set(key, found ? instance.compile(found) : null);
  }
  return compiled.get(key) ?? null;
}

function describe(errors: ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map((e) => {
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    const suffix = allowed ? `: ${allowed.map(String).join(', ')}` : '';
    return `${where}${e.instancePath} ${e.message ?? 'is invalid'}${suffix}`;
  });
}

/** Spec violations of a request's JSON body and query string; empty when it conforms. */
export function requestErrors(method: string, template: string, query: URLSearchParams, body: unknown): string[] {
  const key = `${method} ${template}`;
  const op = operation(method, template);
  if (!op) return [`no operation ${key} in ${SPEC}`];
  const errors: string[] = [];
  const validateBody = compile(`body ${key}`, ajv, () => op.requestBody?.content?.['application/json']?.schema);
  if (validateBody && !validateBody(body ?? {})) errors.push(...describe(validateBody.errors, 'body'));
  const validateQuery = compile(`query ${key}`, queryAjv, () => querySchema(op.parameters ?? []));
  const values: Json = {};
  for (const [name, value] of query) values[name] = value;
  if (validateQuery && !validateQuery(values)) errors.push(...describe(validateQuery.errors, 'query'));
  return errors;
}

/**
 * Spec violations of a response body, for the double's own tests; undefined when the spec gives no
 * JSON schema for this status (a 204, or an error status the operation does not list).
 */
export function responseErrors(method: string, template: string, status: number, body: unknown): string[] | undefined {
  const key = `response ${status} ${method} ${template}`;
  const schema = () => operation(method, template)?.responses?.[String(status)]?.content?.['application/json']?.schema;
  // The alternative error bodies overlap (PUT contents' 409 is "basic-error" or the same with an
  // optional `metadata`): every body matches both, so `oneOf` can never hold; judge them as `anyOf`.
  const validate = compile(key, ajv, () => (status >= 400 ? anyOfErrors(schema()) : schema()));
  if (!validate) return undefined;
  return validate(body) ? [] : describe(validate.errors, 'response');
}

function anyOfErrors(schema: Json | undefined): Json | undefined {
  if (!schema || !Array.isArray(schema['oneOf'])) return schema;
  const { oneOf, ...rest } = schema;
  return { ...rest, anyOf: oneOf };
}

/**
 * OpenAPI 3.0's `nullable: true` admits null, but ajv still applies a sibling `enum` to it, so a check
 * run's `conclusion: null` would fail `enum: [success, …]`. Add null to such enums (in place: the
 * parsed spec is this module's own copy).
 */
function admitNull(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(admitNull);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema['nullable'] === true && Array.isArray(schema['enum']) && !schema['enum'].includes(null)) schema['enum'].push(null);
  Object.values(schema).forEach(admitNull);
}

/** One object schema over the operation's query parameters (unknown names pass, as GitHub ignores them). */
function querySchema(parameters: Parameter[]): Json | undefined {
  const query = parameters.filter((p) => p.in === 'query' && p.schema);
  if (query.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}
