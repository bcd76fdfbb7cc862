/**
 * benchgate's own normalized summaries (`schema: benchgate.summary/v1`), as the run mode stores them.
 * Read back with the same strictness as any other input: they may come from an untrusted artifact.
 */
import { InputError } from '../errors.js';
import { BenchmarkSummary, SUMMARY_SCHEMA } from '../schema/summary.js';
import { formatIssues, throwProblems } from './issues.js';

/** True when `data` declares the canonical schema (any version, so old versions get a clear error). */
export function isBenchgateSummary(data: unknown): boolean {
  const schema = (data as { schema?: unknown } | null)?.schema;
  return typeof schema === 'string' && schema.startsWith('benchgate.summary/');
}

export const BENCHGATE_SHAPE = `a benchgate normalized summary: a JSON object with \`schema: "${SUMMARY_SCHEMA}"\``;

/** Validates a normalized summary read from `file`. */
export function fromBenchgate(file: string, data: unknown): BenchmarkSummary {
  const schema = (data as { schema: string }).schema;
  if (schema !== SUMMARY_SCHEMA) {
    throw new InputError(`${file}: $.schema: expected "${SUMMARY_SCHEMA}", got ${JSON.stringify(schema)} (written by another benchgate version)`);
  }
  const parsed = BenchmarkSummary.safeParse(data);
  if (!parsed.success) throwProblems(file, formatIssues(parsed.error.issues, data), parsed.error.issues.length);
  const seen = new Set<string>();
  const dups = parsed.data.cases.filter((c) => (seen.has(c.id) ? true : (seen.add(c.id), false)));
  if (dups.length > 0) {
    throwProblems(file, dups.map((c) => `duplicate case id ${JSON.stringify(c.id)}; expected each id once`));
  }
  return parsed.data;
}
