/**
 * The gate configuration file (default `.github/benchgate.yml`): the release criteria, written once
 * and reviewed with the code. YAML, validated by a strict zod schema; every error names the file,
 * the line and column, the key and what is allowed. Command-line flags and action inputs override
 * it. The JSON Schema in `schema/benchgate.schema.json` is generated from {@link ConfigSchema}.
 */
import { existsSync } from 'node:fs';

import { type Document, isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import { z } from 'zod';

import { FIELD_MAPPING_KEYS, INPUT_FORMATS, type LoadOptions } from '../adapters/registry.js';
import { GATE_LEVELS, METRICS } from '../analysis/custom-gates/metric-gates.js';
import { SLICE_METRICS } from '../analysis/custom-gates/slices.js';
import { KEY_NAME } from '../analysis/integrity/comparability.js';
import { policyPatternProblem } from '../analysis/integrity/policy-pattern.js';
import { InputError } from '../errors.js';
import { readRegularFile } from '../fs-safe.js';
import type { BudgetSpec } from '../history/budget.js';
import { keptFields } from '../load/kept-fields.js';
import type { CaseFields } from '../schema/pack.js';
import { caseField, GATE_OPTIONS, gateSchemas } from './options.js';
import { didYouMean } from './suggest.js';
import { PERCENT, toleranceFraction } from './values.js';

export const DEFAULT_CONFIG_PATH = '.github/benchgate.yml';
/** Larger files are refused unread: a configuration is a few hundred bytes. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

const fingerprintKey = z.string().regex(KEY_NAME, 'expected a key name of letters, digits, "_", "." and "-" (at most 64)');

/** A list of regular expressions in RE2 syntax, each checked when the configuration is read. */
const re2Patterns = () =>
  z.array(
    z
      .string()
      .min(1)
      .superRefine((source, ctx) => {
        const problem = policyPatternProblem(source);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );

/** The configuration's keys in their order, the gate options among them placed by key. */
const PLACED = z.strictObject({
  version: z.literal(1).optional().describe('The format of this file; 1, the only one so far.'),
  // The gate options' schemas are declared in their options table (options.ts), placed here in this order.
  ...gateSchemas(
    'decide',
    'confidence',
    'cluster',
    'min_reward_delta',
    'min_completion_delta',
    'max_steps_increase',
    'fail_on_completion_regression',
    'allow_findings',
  ),
  gates: z
    .array(
      z
        .strictObject({
          metric: z
            .enum(METRICS)
            .optional()
            .describe(
              'A built-in metric: per-case means (calls, tokens, latency_avg, harness counters) or run-level figures (latency percentiles, error_count, guardrail_blocked, run_duration). Give metric or field.',
            ),
          field: caseField
            .optional()
            .describe(
              "Any numeric field of the case rows that benchgate does not read itself (kept in the normalized summary's case `extra`; a dotted path reaches nested objects): its per-case mean. Give metric or field.",
            ),
          direction: z.enum(['lower', 'higher']).optional().describe('Which way is better; default lower.'),
          tolerance: z
            .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?%$/, 'expected a number or a percentage such as "10%"')])
            .optional()
            .describe('How much worse the candidate may be: in the metric\'s unit, or "N%" of the baseline. Default 0.'),
          level: z.enum(GATE_LEVELS).optional().describe('required (decides the verdict, the default) or advisory (shown, never blocks).'),
        })
        .refine((g) => (g.metric === undefined) !== (g.field === undefined), {
          message: 'expected exactly one of "metric" (a built-in metric) and "field" (a field of the case rows)',
        }),
    )
    .optional()
    .describe("Your own gates, besides rlm-code's four."),
  slices: z
    .array(
      z.strictObject({
        by: caseField.describe(
          'The case label whose groups are judged one by one: task_family, environment, domain, split, length_bucket, or any other field of the case rows (a dotted path into the case `extra`).',
        ),
        metric: z.enum(SLICE_METRICS).describe('completion_rate, reward or steps.'),
        tolerance: z
          .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?%$/, 'expected a number or a percentage such as "10%"')])
          .optional()
          .describe('How much worse a group may get: in the metric\'s unit (0.1 = 10 points of completion) or "N%" of its baseline. Default 0.'),
        min_cases: z.number().int().min(1).optional().describe('Groups with fewer paired cases are shown, not judged. Default 5.'),
        level: z.enum(GATE_LEVELS).optional().describe('required (the default) or advisory.'),
      }),
    )
    .optional()
    .describe('Gates within each group of a case label.'),
  pricing: z
    .record(
      z.string().min(1),
      z.strictObject({
        prompt: z.number().nonnegative().describe('USD per million prompt tokens.'),
        completion: z.number().nonnegative().describe('USD per million completion tokens.'),
      }),
    )
    .optional()
    .describe("Prices per model (the summary's model name): the cost metrics and the report's cost, with source config."),
  safety: z
    .strictObject({
      policy_patterns: re2Patterns()
        .optional()
        .describe(
          'Regular expressions in RE2 syntax (run in linear time: no lookaround or backreferences), matched case-insensitively against case errors: a match is a policy failure.',
        ),
      explained: z
        .array(
          z.strictObject({
            case: z.string().min(1).describe('The case id.'),
            reason: z.string().min(1).describe('Why this failure is acceptable; shown in the report.'),
          }),
        )
        .optional()
        .describe('Policy failures the team has looked at: they are listed with their reason and do not hold.'),
    })
    .optional()
    .describe('Guardrail blocks must not rise (always); policy failures hold unless explained here.'),
  infrastructure: z
    .strictObject({
      patterns: re2Patterns()
        .optional()
        .describe(
          "Your suite's own error texts of an infrastructure failure, besides the built-in ones (HTTP 429, 502, 503, 504 and 529, a hosted model API's server error such as openai.InternalServerError, rate limits, provider connection and overload errors, timeouts that name the provider's or the network's layer such as openai.APITimeoutError or ETIMEDOUT; the agent's own timeouts and exceptions are its failures): regular expressions in RE2 syntax, matched case-insensitively against case errors.",
        ),
      max_share: z
        .number()
        .min(0)
        .max(1)
        .optional()
        .describe(
          'Above this share of a side\'s case rows not measured, a verdict that would promote (or is undecided) is inconclusive ("rerun"); a hold stands. Default 0.05.',
        ),
      enabled: z.boolean().optional().describe("false: every failure counts as the agent's, as rlm-code counts them. Default true."),
    })
    .optional()
    .describe(
      'Infrastructure failures are not model failures: such cases are not measured (left out of the tests and the regression lists), counted and shown.',
    ),
  comparability: z
    .strictObject({
      compare: fingerprintKey.optional().describe('The one dimension under comparison (strategy, mode, model, mcp_server, prompt, …): it may differ.'),
      require: z
        .array(fingerprintKey)
        .optional()
        .describe(
          'More keys that must be equal (model, provider, seed, temperature, mcp_server, harness_version, …), from the summary or the metadata stamped by the run mode.',
        ),
      allow: z
        .array(fingerprintKey)
        .optional()
        .describe('Keys allowed to differ: shown, never blocking (including the defaults scoring_version, dataset_hash, schema).'),
    })
    .optional()
    .describe('The comparability fingerprint: keys that must be equal for a fair comparison.'),
  input: z
    .strictObject({
      format: z.enum(INPUT_FORMATS).optional().describe('The format of the input files: auto (detected from each file, the default) or a format name.'),
      baseline_model: z
        .string()
        .min(1)
        .optional()
        .describe(
          "For files holding one run per model (multi-hop QA results, promptfoo outputs): the baseline's model; in a promptfoo output a provider's label or id, else a prompt's label.",
        ),
      candidate_model: z.string().min(1).optional().describe('The same, for the candidate (may be the same file as the baseline).'),
      baseline_prompt: z
        .string()
        .min(1)
        .optional()
        .describe("For promptfoo outputs: the baseline's prompt label (with baseline_model, that provider's prompt)."),
      candidate_prompt: z.string().min(1).optional().describe("For promptfoo outputs: the candidate's prompt label."),
      baseline_run: z
        .string()
        .min(1)
        .optional()
        .describe(
          'For a history of runs (RLE benchmark_history.jsonl): the baseline run, by timestamp (or a prefix such as a date) or git commit; the newest by default.',
        ),
      candidate_run: z.string().min(1).optional().describe('The same, for the candidate (may be the same file as the baseline).'),
      fields: z
        .strictObject(
          Object.fromEntries(FIELD_MAPPING_KEYS.map((k) => [k, z.string().min(1).optional()])) as Record<
            (typeof FIELD_MAPPING_KEYS)[number],
            z.ZodOptional<z.ZodString>
          >,
        )
        .optional()
        .describe('For generic records: which field of a record holds each value (dotted paths reach nested objects).'),
    })
    .optional()
    .describe('How the input files are read.'),
  ...gateSchemas('fail_on_inconclusive', 'benchmark_tolerance', 'main_max_age'),
  regression_budget: z
    .strictObject({
      reference: z
        .string({ error: 'expected a release tag or a commit SHA as a string (quote a SHA made of digits only)' })
        .regex(/^[A-Za-z0-9][\w.+/-]{0,99}$/, 'expected a release tag or a commit SHA (letters, digits, ".", "_", "+", "/", "-"; at most 100)')
        .describe(
          'The release tag or commit the budget counts from: its baseline runs must be in the history (history-branch). Moving it is a reviewed change to this file.',
        ),
      completion_rate: z.number().min(0).optional().describe('How far the completion rate may fall since the reference, as a fraction (0.03 = 3 points).'),
      reward: z.number().min(0).optional().describe('How far the mean reward may fall since the reference.'),
      steps: z.number().min(0).optional().describe('How far the mean number of steps may rise since the reference.'),
      cost: z
        .union([z.number().min(0), z.string().regex(PERCENT, 'expected a number of at least 0 or a percentage such as "10%"')])
        .optional()
        .describe('How far the cost per run may rise since the reference: USD, or "N%" of the reference\'s cost.'),
    })
    .optional()
    .describe(
      'A budget since a pinned reference: how far each figure may move against its direction over all the pull requests since then. A candidate that would overspend holds (finding regression-budget).',
    ),
});

export const ConfigSchema = PLACED
  // The other gate options of options.ts, after the keys above ({} types them as nothing new:
  // policy.ts reads them by key).
  .extend(Object.fromEntries(GATE_OPTIONS.filter((o) => !Object.hasOwn(PLACED.shape, o.key)).map((o) => [o.key, o.schema.optional()])) as Record<never, never>)
  .describe('benchgate gate configuration (https://github.com/benchgate/benchgate#configuration-file)');

export type GateConfig = z.infer<typeof ConfigSchema>;

/** The regression budget of the configuration, or null when it sets none. */
export function budgetSpecOf(config: GateConfig): BudgetSpec | null {
  const b = config.regression_budget;
  if (b === undefined) return null;
  const limits: BudgetSpec['limits'] = {};
  for (const m of ['completion_rate', 'reward', 'steps'] as const) if (b[m] !== undefined) limits[m] = { amount: b[m], relative: false };
  if (b.cost !== undefined) limits.cost = { amount: toleranceFraction(b.cost), relative: typeof b.cost === 'string' };
  return { reference: b.reference, limits };
}

/** The case fields the configuration's gates, slices and clustering read: what loading keeps in the rows (load/kept-fields.ts). */
export function caseFieldsOf(config: GateConfig): CaseFields {
  return keptFields({ metricGates: config.gates, slices: config.slices, significance: { cluster: config.cluster } });
}

/** How a role's input files are read under the configuration; a format given on the command line or as an input wins. */
export function loadOptionsOf(
  config: GateConfig,
  role: 'baseline' | 'candidate',
  format?: string | null,
  model?: string | null,
  prompt?: string | null,
  run?: string | null,
): LoadOptions {
  const input = config.input ?? {};
  return {
    format: format ?? input.format ?? 'auto',
    model: model ?? (role === 'baseline' ? input.baseline_model : input.candidate_model),
    prompt: prompt ?? (role === 'baseline' ? input.baseline_prompt : input.candidate_prompt),
    run: run ?? (role === 'baseline' ? input.baseline_run : input.candidate_run),
    fields: input.fields,
    keep: caseFieldsOf(config),
  };
}

/** The JSON Schema of the file, for editors (generated; a test keeps the committed copy equal). */
export function configJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://benchgate.dev/benchgate.schema.json',
    ...z.toJSONSchema(ConfigSchema, { target: 'draft-2020-12' }),
  };
}

/** "line L, column C" of a path in the document, or of the document's start. */
function position(doc: Document, lines: LineCounter, path: readonly PropertyKey[], atKey = false): string {
  let node: unknown = doc.contents;
  let at: number | undefined = (node as { range?: [number] } | null)?.range?.[0];
  for (const key of path) {
    if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      at = (node as { range?: [number] } | null)?.range?.[0] ?? at;
      continue;
    }
    if (!isMap(node)) break;
    const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
    if (!pair) break;
    const keyAt = (pair.key as { range?: [number] } | null)?.range?.[0];
    at = atKey ? (keyAt ?? at) : ((pair.value as { range?: [number] } | null)?.range?.[0] ?? keyAt ?? at);
    node = pair.value;
  }
  const { line, col } = lines.linePos(at ?? 0);
  return `line ${line}, column ${col}`;
}

const keyPath = (path: readonly PropertyKey[]): string => (path.length === 0 ? 'the top level' : `"${path.map(String).join('.')}"`);

/** The keys the mapping at `path` of the file may have (its own siblings, not the top level's). */
export function keysAt(path: readonly PropertyKey[]): string[] {
  let node = ConfigSchema as unknown as z.core.$ZodType;
  const unwrap = (n: z.core.$ZodType): z.core.$ZodType => {
    let at = n;
    for (;;) {
      const def = at._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
      if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) at = def.innerType;
      else if (def.type === 'pipe' && def.in) at = def.in;
      else return at;
    }
  };
  for (const key of path) {
    node = unwrap(node);
    const def = node._zod.def as { type: string; element?: z.core.$ZodType; shape?: Record<string, z.core.$ZodType>; valueType?: z.core.$ZodType };
    if (def.type === 'array' && typeof key === 'number' && def.element) node = def.element;
    else if (def.type === 'object' && def.shape && typeof key === 'string' && def.shape[key]) node = def.shape[key];
    else if (def.type === 'record' && def.valueType) node = def.valueType;
    else return [];
  }
  const def = unwrap(node)._zod.def as { type: string; shape?: Record<string, unknown> };
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** What a zod issue says, in this project's words: what was expected, and what was found. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const allowed = keysAt(issue.path);
    const near = issue.keys.length === 1 ? didYouMean(issue.keys[0] as string, allowed, (k) => `"${k}"`) : '';
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${near}; allowed${issue.path.length > 0 ? ` here` : ''}: ${allowed.join(', ')}`;
  }
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => String(v)).join(', ')}`;
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return issue.message.replace(/^Too (small|big): expected number to be ([<>]=?)/, (_, _w: string, op: string) => `expected a number ${op} `);
  return issue.message.replace(/^Invalid input: /, '');
}

/**
 * Anchors, aliases and merge keys are refused: an alias used as a key reads as a second copy of that
 * key (silently overriding it, past uniqueKeys), a merge key mixes in values from elsewhere, and
 * nested aliases expand exponentially (an alias bomb). A configuration says each thing where it is.
 */
function refuseIndirection(file: string, doc: Document, lines: LineCounter): void {
  const at = (node: { range?: readonly number[] | null } | null | undefined): string => {
    const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
    return `${file}: line ${line}, column ${col}`;
  };
  visit(doc, {
    Alias(_, node) {
      throw new InputError(
        `${at(node)}: the alias *${node.source} is not accepted; write the value out where it is used (benchgate reads anchors and aliases nowhere in a configuration)`,
      );
    },
    Node(_, node) {
      if (node.anchor)
        throw new InputError(
          `${at(node)}: the anchor &${node.anchor} is not accepted; write the value out where it is used (benchgate reads anchors and aliases nowhere in a configuration)`,
        );
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') throw new InputError(`${at(pair.key)}: the merge key << is not accepted; write the keys out`);
    },
  });
}

/** Parses and validates configuration text; `file` names it in errors. */
export function parseConfig(file: string, text: string): GateConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const broken = doc.errors[0];
  if (broken !== undefined) {
    const { line, col } = lines.linePos(broken.pos[0]);
    throw new InputError(`${file}: line ${line}, column ${col}: not valid YAML: ${broken.message.split('\n')[0]}`);
  }
  refuseIndirection(file, doc, lines);
  const data: unknown = doc.toJS({ maxAliasCount: 0 }) ?? {};
  const result = ConfigSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    // An unknown key is shown where it is written.
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] as string] : issue.path;
    return `${file}: ${position(doc, lines, path, issue.code === 'unrecognized_keys')}: ${keyPath(issue.path)}: ${describeIssue(issue)}`;
  });
  throw new InputError(problems.join('\n'));
}

/**
 * Reads the configuration at `path`; with `explicit` false (the default path), a missing file is no
 * configuration at all, while an explicitly named file must exist.
 */
export function loadConfig(path: string, explicit: boolean): GateConfig | null {
  if (!existsSync(path)) {
    if (explicit) throw new InputError(`${path}: configuration file not found`);
    return null;
  }
  // A regular file within the cap, checked before it is opened (a directory, FIFO or device is refused).
  const bytes = readRegularFile(path, { maxBytes: MAX_CONFIG_BYTES, fail: (why) => new InputError(`${path}: configuration file ${why}`) });
  return parseConfig(path, bytes.toString('utf8'));
}
