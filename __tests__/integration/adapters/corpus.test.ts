/**
 * The fresh corpus (issue 42, item 4): real result files from public repositories that no other
 * fixture or shared sample comes from, each read through benchgate's loader and checked against
 * the reading its writer's own code decides. One manifest (fixtures/corpus/manifest.json) holds the
 * expectations; each folder's README.md names the source (repository, path, commit), the tool
 * that wrote the file and the code that decides its reading.
 *
 * How a reading is counted (the same for every file, from the canonical summary alone):
 * - passed: the case completed;
 * - unknown: not completed, and the file records no verdict for it: a skipped test (the junit
 *   reader keeps `extra.skipped`), or a failure benchgate's infrastructure signals mark not
 *   measured;
 * - failed: every other case (a failure, or an error the agent or the code under test raised).
 *
 * A `known_misread` entry is a file benchgate reads wrongly today in a format other developers are
 * fixing: the test asserts the wrong reading (`benchgate_reads`) still happens, so it fails once the
 * reader is fixed and the mark must be removed (and the expectation then holds instead).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary, UnknownFormat } from '../../../src/adapters/registry.js';
import { InfrastructureClassifier } from '../../../src/analysis/integrity/infrastructure.js';
import type { BenchmarkSummary } from '../../../src/schema/summary.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { inputError } from '../../helpers/input-error.js';

const ROOT = join(FIXTURES, 'corpus');

interface Counts {
  cases: number;
  passed: number;
  failed: number;
  unknown: number;
}

interface Entry extends Partial<Counts> {
  file: string;
  /** The run to read from a file of several (promptfoo's providers): `--baseline-model`. */
  model?: string;
  /** The run's prompt tokens as the file records them; null: the file does not record them (unknown). */
  prompt_tokens?: number | null;
  /** The format benchgate should detect; absent for a refusal. */
  format?: string;
  /** A fragment of the InputError a file of no format benchgate reads must get. */
  refused?: string;
  /** What benchgate gets wrong today (a format other developers are fixing). */
  known_misread?: string;
  /** Benchgate's reading today, for a known misread. */
  benchgate_reads?: Reading;
}

const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as { files: Entry[] };
const ENTRIES = MANIFEST.files;

const load = (e: Entry): BenchmarkSummary => loadSummary(join(ROOT, e.file), e.model === undefined ? 'auto' : { format: 'auto', model: e.model });

/** Every file of the corpus but the READMEs and the manifest, as `<folder>/<file>`. */
function corpusFiles(): string[] {
  return readdirSync(ROOT)
    .filter((d) => statSync(join(ROOT, d)).isDirectory())
    .flatMap((d) => readdirSync(join(ROOT, d)).map((f) => `${d}/${f}`))
    .filter((f) => !f.endsWith('/README.md'))
    .sort();
}

function countsOf(s: BenchmarkSummary): Counts {
  const infra = new InfrastructureClassifier();
  let passed = 0;
  let unknown = 0;
  for (const c of s.cases) {
    if (c.completed) passed++;
    else if ('skipped' in c.extra || infra.reasonOf(s.format, c.error) !== null) unknown++;
  }
  return { cases: s.cases.length, passed, failed: s.cases.length - passed - unknown, unknown };
}

const expected = (e: Entry): Counts => ({ cases: e.cases ?? -1, passed: e.passed ?? -1, failed: e.failed ?? -1, unknown: e.unknown ?? -1 });

/** The counts, and the prompt tokens when the entry names them (null: unknown). */
interface Reading extends Counts {
  prompt_tokens?: number | null;
}

function readingOf(e: Entry, s: BenchmarkSummary): Reading {
  const counts = countsOf(s);
  return e.prompt_tokens === undefined ? counts : { ...counts, prompt_tokens: s.reported.usage_totals?.prompt_tokens ?? null };
}

const expectedReading = (e: Entry): Reading => (e.prompt_tokens === undefined ? expected(e) : { ...expected(e), prompt_tokens: e.prompt_tokens });

describe('the corpus itself', () => {
  it('every file has its manifest entry, and every entry its file', () => {
    expect([...new Set(ENTRIES.map((e) => e.file))].sort()).toEqual(corpusFiles());
  });

  it('at least 40 files from at least 10 repositories, each folder with its README, under 3 MB in all', () => {
    const folders = [...new Set(ENTRIES.map((e) => e.file.split('/')[0] ?? ''))];
    expect(folders.length).toBeGreaterThanOrEqual(10);
    for (const d of folders) expect(statSync(join(ROOT, d, 'README.md')).isFile(), d).toBe(true);
    expect(corpusFiles().length).toBeGreaterThanOrEqual(40);
    const bytes = corpusFiles().reduce((n, f) => n + statSync(join(ROOT, f)).size, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  it('each README names every file of its folder', () => {
    for (const e of ENTRIES) {
      const [dir, name] = e.file.split('/') as [string, string];
      expect(readFileSync(join(ROOT, dir, 'README.md'), 'utf8'), e.file).toContain(name);
    }
  });

  it('each entry says one thing: a reading, or a refusal', () => {
    for (const e of ENTRIES) {
      const reading = e.format !== undefined && [e.cases, e.passed, e.failed, e.unknown].every((n) => Number.isInteger(n));
      expect(reading !== (e.refused !== undefined), e.file).toBe(true);
      if (reading) expect((e.passed ?? 0) + (e.failed ?? 0) + (e.unknown ?? 0), e.file).toBe(e.cases);
      if (e.known_misread !== undefined) expect(e.benchgate_reads, e.file).toBeDefined();
    }
  });
});

describe('each file read as its tool means it', () => {
  for (const e of ENTRIES.filter((x) => x.refused === undefined && x.known_misread === undefined)) {
    const run = e.model === undefined ? '' : ` (model ${e.model})`;
    it(`${e.file}${run}: ${e.format}, ${e.cases} cases (${e.passed} passed, ${e.failed} failed, ${e.unknown} unknown)`, () => {
      const s = load(e);
      expect(s.format).toBe(e.format);
      expect(readingOf(e, s)).toEqual(expectedReading(e));
    });
  }
});

describe('each file of no format benchgate reads is refused, naming why', () => {
  for (const e of ENTRIES.filter((x) => x.refused !== undefined)) {
    it(`${e.file}: "${e.refused}"`, () => {
      const message = inputError(() => load(e));
      expect(message).toContain(e.file);
      // A file no format fits gets one line; each format's reason is kept beside it (BENCHGATE_DEBUG prints them).
      let tried: readonly string[] = [];
      try {
        load(e);
      } catch (err) {
        if (err instanceof UnknownFormat) tried = err.tried;
      }
      expect([message, ...tried].join('\n')).toContain(e.refused);
    });
  }
});

const MISREADS = ENTRIES.filter((x) => x.known_misread !== undefined);
describe.runIf(MISREADS.length > 0)('known misreads: still misread (remove the mark once the reader is fixed)', () => {
  for (const e of MISREADS) {
    it(`${e.file}: ${e.known_misread}`, () => {
      const s = load(e);
      expect(s.format).toBe(e.format);
      const got = readingOf(e, s);
      expect(got).toEqual(e.benchgate_reads);
      expect(got).not.toEqual(expectedReading(e));
    });
  }
});
