/**
 * The value parsers both programs share: a gate option typed as an action input or a
 * command-line flag reads the same way and says the same thing when wrong. Each returns the value or
 * throws a {@link ValueProblem}: what was expected and what was got; the program words it (the
 * action `input "name": expected …, got "…"`, the CLI `Invalid value "…" for --name: expected …`).
 */
import { ALLOWABLE_FINDING_CODES } from '../analysis/integrity/findings.js';
import { CLUSTER_FIELDS, type ClusterChoice, DECISION_POLICIES, type DecisionPolicy } from '../analysis/model.js';
import { CLUSTER_FIELD_NAME } from '../analysis/significance/clusters.js';

export class ValueProblem extends Error {
  constructor(
    readonly expected: string,
    /** The part of the raw value that is wrong (one code of a list, say). */
    readonly got: string,
  ) {
    super(`expected ${expected}, got ${JSON.stringify(got)}`);
    this.name = 'ValueProblem';
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A threshold as rlm-code's Python float() takes it (decimals, exponents, inf), or undefined; never NaN. */
export function thresholdValue(raw: string): number | undefined {
  const s = raw.trim().toLowerCase();
  if (NUMBER.test(s)) return Number(s);
  const inf = /^([+-]?)(inf|infinity)$/.exec(s);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  return undefined;
}

export const THRESHOLD_EXPECTED = 'a number such as 0, -0.05 or 1e-3 (or inf / -inf)';

export function threshold(raw: string): number {
  const value = thresholdValue(raw);
  if (value === undefined) throw new ValueProblem(THRESHOLD_EXPECTED, raw);
  return value;
}

/** A number of at least 0 typed as a fraction or a percentage (0.1, .1, 10%); white space around it is allowed. */
const FRACTION_OR_PERCENT = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/;

/** `raw` as a fraction (a percentage divided by 100), or NaN when it is neither. */
function fractionOf(raw: string): number {
  const m = FRACTION_OR_PERCENT.exec(raw);
  return m ? Number(m[1]) / (m[2] === '%' ? 100 : 1) : NaN;
}

/** A percentage as the configuration file writes it ("10%"); its schemas take it beside a number. */
export const PERCENT = /^\d+(\.\d+)?%$/;

/** A configuration value written as a fraction (0.1) or a percentage ("10%", matching {@link PERCENT}), as a fraction; undefined stays undefined. */
export function toleranceFraction(value: number | string): number;
export function toleranceFraction(value: number | string | undefined): number | undefined;
export function toleranceFraction(value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value.slice(0, -1)) / 100;
}

/** A confidence level as a fraction or a percentage: 0.95, 95 or 95%. */
export function confidence(raw: string): number {
  const m = FRACTION_OR_PERCENT.exec(raw);
  const value = m ? Number(m[1]) / (m[2] === '%' || Number(m[1]) > 1 ? 100 : 1) : NaN;
  if (value > 0.5 && value < 1) return value;
  throw new ValueProblem('a confidence level above 0.5 and below 1, such as 0.95, 0.99 or 95%', raw);
}

/** A tolerance as a fraction or a percentage: 0.1 or 10%. */
export function tolerance(raw: string): number {
  const t = fractionOf(raw);
  if (!Number.isNaN(t)) return t;
  throw new ValueProblem('a fraction of at least 0 or a percentage, such as 0.1 or 10%', raw);
}

/**
 * A non-inferiority margin: a number of at least 0 (absolute, on the metric's scale) or a
 * percentage up to 100% (a share of the scale, analysis/significance/margins.ts), kept as the
 * configuration file writes it ("5%") so the two stay apart.
 */
export function margin(raw: string): number | string {
  const m = FRACTION_OR_PERCENT.exec(raw);
  if (m !== null && m[2] !== '%') return Number(m[1]);
  if (m !== null && Number(m[1]) <= 100) return `${Number(m[1])}%`;
  throw new ValueProblem('a number of at least 0 (absolute) or a percentage up to 100% of the scale, such as 0.05 or 5%', raw);
}

/** A pass rate above 0 and at most 1, as a fraction or a percentage: 0.9 or 90%. */
export function passRate(raw: string): number {
  const rate = fractionOf(raw);
  if (rate > 0 && rate <= 1) return rate;
  throw new ValueProblem('a pass rate above 0 and at most 1, or a percentage, such as 0.9 or 90%', raw);
}

/** A share from 0 to 1, as a fraction or a percentage: 0.2 or 20%. */
export function share(raw: string): number {
  const s = fractionOf(raw);
  if (s >= 0 && s <= 1) return s;
  throw new ValueProblem('a share from 0 to 1, or a percentage, such as 0.2 or 20%', raw);
}

/** An age: hours (`36`, `36h`) or days (`7d`), more than 0; returned as the configuration file writes it. */
export function age(raw: string): number | string {
  const m = /^(\d+(?:\.\d+)?)\s*([hd]?)$/.exec(raw.trim());
  if (m !== null && Number(m[1]) > 0) return m[2] === '' ? Number(m[1]) : `${Number(m[1])}${m[2]}`;
  throw new ValueProblem('an age above 0 in hours or days, such as 36h or 7d (a bare number is hours)', raw);
}

/** An age as {@link age} reads it, in hours. */
export const ageHours = (value: number | string): number => (typeof value === 'number' ? value : Number(value.slice(0, -1)) * (value.endsWith('d') ? 24 : 1));

/** The cluster choice: auto, none, a label, or a field of the case rows. */
export function cluster(raw: string): ClusterChoice {
  if (raw === 'auto' || raw === 'none' || CLUSTER_FIELD_NAME.test(raw)) return raw;
  throw new ValueProblem(`auto, none, one of ${CLUSTER_FIELDS.join(', ')}, or a field of the case rows (no spaces)`, raw);
}

export function oneOf<T extends string>(allowed: readonly T[]): (raw: string) => T {
  return (raw) => {
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    throw new ValueProblem(`one of ${allowed.join(', ')}`, raw);
  };
}

export const decide: (raw: string) => DecisionPolicy = oneOf(DECISION_POLICIES);

/** The YAML 1.2 core schema's booleans, as GitHub's core.getBooleanInput takes them. */
export function boolean(raw: string): boolean {
  if (['true', 'True', 'TRUE'].includes(raw)) return true;
  if (['false', 'False', 'FALSE'].includes(raw)) return false;
  throw new ValueProblem('true or false', raw);
}

/** Finding codes, separated by commas or white space; each must be a known code. */
export function findingCodes(raw: string): string[] {
  const codes = raw.split(/[\s,]+/).filter(Boolean);
  for (const code of codes) oneOf(ALLOWABLE_FINDING_CODES)(code);
  return codes;
}
