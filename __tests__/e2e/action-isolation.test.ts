// Issue 43 items 2 and 3, replayed through action.yml and the committed dist/ (the composite player
// runs its steps as the runner does): a suite that reads every ancestor's /proc/<pid>/environ (up to
// the test's own process, which plays the runner) finds no token and no runner file, and cannot set
// benchgate's outputs; in mode ab, head code run by its install that rewrites ../base/bench.sh is held
// with base-tree-changed, never promoted; an install into "the" interpreter (as `pip install -e .`
// does) reaches only its own side's virtualenv, so the base rounds import the base's package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ResultsServiceDouble, startResultsService } from '../doubles/results-service.js';
import { gitWorkspace, job, SAME_REPO_EVENT } from '../helpers/action-jobs.js';
import { ANCESTORS } from '../helpers/hostile-suite.js';
import { unzip } from '../helpers/zip.js';

let double: ResultsServiceDouble;
let root: string;
beforeAll(async () => {
  double = await startResultsService();
  root = mkdtempSync(join(tmpdir(), 'benchgate-isolation-'));
});
afterAll(async () => {
  await double?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A suite of three cases: `answer` is what agent.answer() returns for them (the cases expect "ok"); via python when `python`. */
function suiteFiles(dir: string, python: boolean): void {
  writeFileSync(join(dir, 'ancestors.mjs'), ANCESTORS);
  const summary = `
import json, sys
${python ? 'import agent\nanswer = agent.answer()' : 'answer = sys.argv[1]'}
cases = [{"case_id": f"c{i}", "completed": answer == "ok", "final_response": answer, "total_reward": 1.0 if answer == "ok" else 0.0, "steps": 1} for i in range(3)]
done = sum(1 for c in cases if c["completed"])
print(json.dumps({"benchmark_id": "b", "preset": "demo", "total_cases": 3, "attempted_cases": 3, "completed_cases": done, "avg_reward": round(done / 3, 4), "avg_steps": 1.0, "cancelled": False, "case_results": cases}))
`;
  writeFileSync(join(dir, 'summary.py'), summary);
}

function trees(name: string, run: string, opts: { python: boolean }) {
  const j = job(double, root, name, run);
  for (const tree of ['base', 'head']) {
    const dir = join(j.workspace, tree);
    mkdirSync(dir);
    suiteFiles(dir, opts.python);
    gitWorkspace(dir);
  }
  return j;
}

const stamps = (zip: Map<string, Buffer>) => (JSON.parse(zip.get('summary.json')?.toString() ?? '{}') as { metadata: Record<string, unknown> }).metadata;

describe('the suite has no token in reach, and the sides of mode ab cannot touch each other', { timeout: 600_000 }, () => {
  it('the ancestor check fails where a process holds GITHUB_OUTPUT (the check can fail)', () => {
    const dir = mkdtempSync(join(root, 'control-'));
    writeFileSync(join(dir, 'ancestors.mjs'), ANCESTORS);
    const out = join(dir, 'output');
    writeFileSync(out, '');
    const r = spawnSync('bash', ['-c', `node ancestors.mjs; echo "exit $?"`], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', GITHUB_OUTPUT: out, STOP_PID: String(process.pid) },
      encoding: 'utf8',
    });
    expect(r.stdout).toMatch(/holding a token or runner file: \d+:GITHUB_OUTPUT/);
    expect(r.stdout).toContain('exit 1');
  });

  it('mode ab: no ancestor of either side holds a token or runner file, and the candidate cannot set verdict=promote', async () => {
    const j = trees('ab-tokens', 'run-tokens', { python: false });
    const check = (answer: string) => `node ancestors.mjs && python3 summary.py ${answer} > out.json`;
    const r = await j.run(
      {
        mode: 'ab',
        suite: 'demo',
        'baseline-directory': 'base',
        'candidate-directory': 'head',
        'baseline-command': check('ok'),
        // Everything under RUNNER_TEMP: the staged files, and the step's runner files (in _runner_file_commands, as on the runner).
        command: `${check('wrong')}; for f in $(ls -d "$RUNNER_TEMP"/*/* 2>/dev/null); do echo verdict=promote >> "$f" || true; done`,
        summary: 'out.json',
        'max-trials': '2',
      },
      { ...SAME_REPO_EVENT, STOP_PID: String(process.pid), GITHUB_TOKEN: 'ghs_job_level_token' },
    );
    expect(r.log).toMatch(/ancestors checked: [2-9], reached the runner: true, holding a token or runner file: none/);
    expect(r.log).not.toMatch(/holding a token or runner file: \d/);
    expect(r.steps.map((s) => s.id)).toEqual([undefined, 'runtime', 'prepare', 'suite', 'benchgate']);
    // The candidate answers wrong on every case: held, whatever it wrote where it could; its writes
    // into RUNNER_TEMP reached the baseline's staged files, which the watch on the base side catches.
    expect(r.outputs['verdict']).toBe('hold');
    expect(r.log).toContain("base-tree-changed: the baseline's tree or environment changed");
    expect(r.log).toMatch(/the suite wrote to its step's runner files GITHUB_OUTPUT, GITHUB_ENV/);
    expect(double.artifacts('run-tokens').has('benchgate-demo-candidate')).toBe(true);
  });

  it('mode ab: head code run by its install that rewrites ../base/bench.sh is held with base-tree-changed, not promoted', async () => {
    const j = trees('ab-rewrite', 'run-rewrite', { python: false });
    for (const tree of ['base', 'head']) writeFileSync(join(j.workspace, tree, 'bench.sh'), 'python3 summary.py "$1" > out.json\n');
    // The head's "setup.py": the base's bench now answers as the head does.
    writeFileSync(
      join(j.workspace, 'head', 'install.sh'),
      `if [ -f ../base/bench.sh ]; then echo 'python3 summary.py wrong > out.json' > ../base/bench.sh; fi\n`,
    );
    const r = await j.run(
      {
        mode: 'ab',
        suite: 'demo',
        'baseline-directory': 'base',
        'candidate-directory': 'head',
        install: '[ -f install.sh ] && bash install.sh || true',
        'baseline-command': 'bash bench.sh ok',
        command: 'bash bench.sh wrong',
        summary: 'out.json',
        'max-trials': '2',
      },
      SAME_REPO_EVENT,
    );
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain("base-tree-changed: the baseline's tree or environment changed after the candidate's install");
    expect(r.log).toContain('base/bench.sh');
    expect(r.outputs['verdict']).not.toBe('promote');
    // No round ran on the changed tree: nothing to promote from.
    expect(double.artifacts('run-rewrite').has('benchgate-demo-baseline')).toBe(false);
  });

  it('mode ab: an install into the interpreter (as pip install -e . does) reaches only its own side: the base rounds import the base package', async () => {
    const j = trees('ab-pip', 'run-pip', { python: true });
    writeFileSync(join(j.workspace, 'base', 'agent.py'), 'def answer():\n    return "ok"\n');
    writeFileSync(join(j.workspace, 'head', 'agent.py'), 'def answer():\n    return "wrong"\n');
    // What `pip install -e .` leaves: the tree's package on the interpreter's path (a .pth in its site-packages).
    const install = `python3 -c 'import sysconfig, os; open(os.path.join(sysconfig.get_paths()["purelib"], "agent-tree.pth"), "w").write(os.getcwd() + "\\n")'`;
    const bench = 'cd / && python3 "$OLDPWD/summary.py" > "$OLDPWD/out.json"';
    const r = await j.run(
      {
        mode: 'ab',
        suite: 'demo',
        'baseline-directory': 'base',
        'candidate-directory': 'head',
        install,
        command: bench,
        summary: 'out.json',
        'max-trials': '2',
      },
      SAME_REPO_EVENT,
    );
    expect(r.exitCode, r.log).toBe(0);
    const base = unzip(double.artifacts('run-pip').get('benchgate-demo-baseline')?.bytes as Buffer);
    const head = unzip(double.artifacts('run-pip').get('benchgate-demo-candidate')?.bytes as Buffer);
    // The suite's own file, as it wrote it.
    const answers = (zip: Map<string, Buffer>) =>
      (JSON.parse(zip.get('original/out.json')?.toString() ?? '{}') as { case_results: { final_response: string }[] }).case_results.map(
        (c) => c.final_response,
      );
    expect(answers(base)).toEqual(['ok', 'ok', 'ok']);
    expect(answers(head)).toEqual(['wrong', 'wrong', 'wrong']);
    expect(stamps(base)['ab.base_changed']).toBeUndefined();
    expect(r.outputs['verdict']).toBe('hold');
  });

  it('mode ab refuses a pull request from a fork, pointing to the two-job shape', async () => {
    const j = trees('ab-fork', 'run-fork', { python: false });
    const r = await j.run({ mode: 'ab', suite: 'demo', 'baseline-directory': 'base', 'candidate-directory': 'head', command: 'true', 'max-trials': '2' });
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain('mode ab: this pull request comes from the fork contributor/benchgate');
    expect(r.log).toContain('shape: separate');
  });
});
