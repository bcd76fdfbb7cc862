// Two runs with no case in common are not comparable, said plainly (issue 42: an rlm-code baseline
// against a JUnit candidate, 0 cases in common, read as an ordinary hold on the gates). The files
// are real: the rlm-code fixture (fixtures/rlm-code/reward_regression, rlm-code's own summary shape)
// and jest-junit's report (fixtures/real/junit/README.md). rlm-code's own gates, which compare run
// averages, are reported unchanged beside the finding.
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { commonCaseFindings, compareSummaries } from '../../../src/analysis/compare.js';
import { evaluateRlmGates } from '../../../src/analysis/rlm/gates.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const RLM = join(FIXTURES, 'rlm-code', 'reward_regression', 'baseline.json');
const JUNIT = join(FIXTURES, 'real', 'junit', 'jest-junit-base.xml');
const load = (path: string) => asLoaded(path, loadSummary(path), NO_FIELDS);

describe('no case in common', () => {
  const cmp = compareSummaries(load(RLM), load(JUNIT));

  it('is a blocking not-comparable finding that says why', () => {
    expect(cmp.rlm.case_summary.common_cases).toBe(0);
    expect(cmp.findings.find((f) => f.code === 'not-comparable')).toEqual({
      code: 'not-comparable',
      severity: 'error',
      blocking: true,
      side: null,
      message:
        "The runs have no case in common (the baseline's 3 cases and the candidate's 6 cases, paired by case id): they are not comparable, no case's change was measured, and the gates compare the averages of different cases.",
      case_ids: [],
    });
    expect(cmp.verdict).toBe('hold');
  });

  it("rlm-code's gates are reported as rlm-code computes them, beside it", () => {
    const b = loadSummary(RLM);
    const c = loadSummary(JUNIT);
    const own = evaluateRlmGates(b, c, { common_cases: 0, completion_regressions: 0, reward_regressions: 0 }, { ...DEFAULT_THRESHOLDS });
    expect(cmp.rlm).toEqual(own);
    const json = JSON.parse(renderJson(cmp)) as { gates: unknown; passed: boolean; failed_gates: string[]; findings: { code: string }[] };
    expect(json.gates).toEqual(own.gates);
    expect(json.passed).toBe(own.passed);
    expect(own.passed).toBe(false); // rlm-code's mean reward and completion gates fail on these averages
    expect(json.findings.map((f) => f.code)).toContain('not-comparable');
  });

  it('the report is headed not comparable, naming the reason', () => {
    expect(renderMarkdown(cmp)).toMatch(
      /^### ⛔ Not comparable: candidate `jest tests` cannot be judged against baseline `[^`]+`: they have no case in common\n/,
    );
  });

  it('the CLI holds (exit 1) and names the finding', async () => {
    const r = await runCli('compare', '--baseline', RLM, '--candidate', JUNIT);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/findings: .*not-comparable/);
  });

  it('one case in common, or an empty run (its own finding), is not this finding', () => {
    expect(commonCaseFindings(1, 3, 6)).toEqual([]);
    expect(commonCaseFindings(0, 0, 6)).toEqual([]);
    expect(commonCaseFindings(0, 3, 0)).toEqual([]);
  });
});
