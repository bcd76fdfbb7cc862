/**
 * benchgate's own normalized summaries (`schema: benchgate.summary/v1`), as the run mode stores them.
 * Read back with the same strictness as any other input: they may come from an untrusted artifact.
 */
import { InputError } from '../../errors.js';
import { BenchmarkSummary, SUMMARY_SCHEMA } from '../../schema/summary.js';
import { assertFiniteValues, caseAwarePath, describeValue, formatIssues, throwProblems } from '../parsing/issues.js';

/** True when `data` declares the canonical schema (any version, so old versions get a clear error). */
export function isBenchgateSummary(data: unknown): boolean {
  const schema = (data as { schema?: unknown } | null)?.schema;
  return typeof schema === 'string' && schema.startsWith('benchgate.summary/');
}

export const BENCHGATE_SHAPE = `a benchgate normalized summary: a JSON object with \`schema: "${SUMMARY_SCHEMA}"\``;

/** Validates a normalized summary read from `file`. */
export function fromBenchgate(file: string, data: unknown): BenchmarkSummary {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputError(`${file}: expected ${BENCHGATE_SHAPE}, got ${describeValue(data)}`);
  }
  const schema = (data as { schema?: unknown }).schema;
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
  const first = new Map<string, number>();
  const dups: string[] = [];
  parsed.data.cases.forEach((c, i) => {
    const at = first.get(c.id);
    if (at === undefined) first.set(c.id, i);
    else dups.push(`duplicate case id ${JSON.stringify(c.id)} at $.cases[${at}] and [${i}]; expected each id once`);
  });
  if (dups.length > 0) throwProblems(file, dups);
  return parsed.data;
}
