/**
 * The rlm-code in CI example (README "rlm-code in CI", examples/rlm-code/run_benchmark.py): the
 * workflow uses only inputs action.yml declares, installs rlm-code with Python, gives the model's key
 * from a secret, and calls the script with arguments the script accepts. (The script itself was run
 * against rlm-code's source: see the issue 16 note; rlm-code cannot be installed in this test's
 * environment.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadManifest, REPO_ROOT } from './helpers/composite.js';

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const script = readFileSync(join(REPO_ROOT, 'examples', 'rlm-code', 'run_benchmark.py'), 'utf8');
const block = /<!-- rlm-code-workflow-start -->\n```yaml\n([\s\S]*?)```\n<!-- rlm-code-workflow-end -->/.exec(readme)?.[1];
const workflow = parseYaml(block ?? '') as { jobs: Record<string, { steps: Step[] }> };

/** The script's options: `--name` -> its choices (null when free) and whether it is required. */
function scriptOptions(): Map<string, { choices: string[] | null; required: boolean }> {
  const tuples = new Map([...script.matchAll(/^([A-Z]+) = \(([^)]*)\)/gm)].map((m) => [m[1] as string, [...(m[2] as string).matchAll(/"([^"]+)"/g)].map((x) => x[1] as string)]));
  const out = new Map<string, { choices: string[] | null; required: boolean }>();
  for (const m of script.matchAll(/add_argument\("(--[a-z-]+)"([^\n]*)\)\n/g)) {
    const rest = m[2] as string;
    const choices = /choices=([A-Z]+)/.exec(rest)?.[1];
    out.set(m[1] as string, { choices: choices === undefined ? null : (tuples.get(choices) ?? []), required: rest.includes('required=True') });
  }
  return out;
}

describe('rlm-code in CI (README example)', () => {
  const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
  const gateSteps = steps.filter((s) => s.uses === 'benchgate/benchgate@v1');

  it('runs both sides with mode: run and compares them, with inputs action.yml declares', () => {
    expect(block, 'README has the workflow between <!-- rlm-code-workflow-start --> and -end').toBeDefined();
    const inputs = Object.keys(loadManifest().inputs);
    expect(gateSteps.map((s) => [s.with?.['mode'], s.with?.['role'] ?? null, s.with?.['suite']])).toEqual([['run', 'baseline', 'rlm-code'], ['run', 'candidate', 'rlm-code'], ['compare', null, 'rlm-code']]);
    for (const step of gateSteps) for (const key of Object.keys(step.with ?? {})) expect(inputs, key).toContain(key);
    for (const step of steps) if (step.uses !== undefined && !step.uses.startsWith('benchgate/')) expect(step.uses).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
  });

  it('each suite job installs rlm-code with Python and gives the model key from a secret; the summary is where mode: run looks', () => {
    for (const id of ['baseline', 'candidate']) {
      const job = workflow.jobs[id]?.steps ?? [];
      const at = (pred: (s: Step) => boolean): number => job.findIndex(pred);
      const python = at((s) => s.uses?.startsWith('actions/setup-python@') === true);
      const install = at((s) => s.run?.trim().startsWith('pip install rlm-code') === true);
      const run = at((s) => s.with?.['mode'] === 'run');
      expect([python >= 0, python < install, install < run], id).toEqual([true, true, true]);
      expect(job[run]?.env?.['OPENAI_API_KEY']).toBe('${{ secrets.OPENAI_API_KEY }}');
    }
    // RLMRunner writes <workdir>/.rlm_code/rlm/benchmarks/<id>.json; the action's default summary glob is that folder.
    expect(loadManifest().inputs['summary']?.description).toContain('`.rlm_code/rlm/benchmarks/*.json`');
    expect(script).toContain('.rlm_code/rlm/benchmarks/<benchmark_id>.json');
  });

  it("calls the script with options it declares, every required one, and values among its choices; preset and strategy are the script's arguments", () => {
    const options = scriptOptions();
    expect([...options.keys()]).toEqual(expect.arrayContaining(['--preset', '--strategy', '--mode', '--model', '--provider', '--limit']));
    expect(script).toMatch(/runner\.run_benchmark\(\n\s+preset=args\.preset,\n\s+mode=args\.mode,\n\s+harness_strategy=args\.strategy,/);
    const commands = gateSteps.flatMap((s) => (s.with?.['command'] === undefined ? [] : [s.with['command']]));
    expect(commands).toHaveLength(2);
    for (const command of commands) {
      const [python, path, ...args] = command.split(/\s+/);
      expect([python, path]).toEqual(['python', 'ci/rlm_code_bench.py']);
      const given = new Map<string, string>();
      for (let i = 0; i < args.length; i += 2) given.set(args[i] as string, args[i + 1] as string);
      for (const [name, value] of given) {
        const o = options.get(name);
        expect(o, `${name} is an option of run_benchmark.py`).toBeDefined();
        if (o?.choices) expect(o.choices, name).toContain(value);
      }
      for (const [name, o] of options) if (o.required) expect(given.has(name), `${name} is required`).toBe(true);
    }
    expect(commands.map((c) => /--strategy (\S+)/.exec(c)?.[1])).toEqual(['tool_call', 'codemode']);
  });

  it('no longer documents an rlm-code shell command that does not exist', () => {
    expect(readme).not.toContain('rlm-code bench run');
    expect(loadManifest().inputs['command']?.description).toContain('ci/rlm_code_bench.py');
  });
});
