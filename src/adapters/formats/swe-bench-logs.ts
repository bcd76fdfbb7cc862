/**
 * A SWE-bench run as its evaluation harness leaves it on disk: the folder
 * `logs/run_evaluation/<run_id>/<model>/` with one `<instance_id>/` folder per evaluated instance
 * (SWE-bench/SWE-bench at 7a21e05772954cc81471ae19d56f436cecf43c54, swebench/harness/run_evaluation.py
 * `run_instance`: `log_dir = RUN_EVALUATION_LOG_DIR / run_id / model_name_or_path.replace("/", "__") /
 * instance_id`, holding `run_instance.log` from the start and `report.json` once graded). The run
 * folder `<run_id>/` (with its `run.json`, `write_run_metadata`) is read too when it holds one model.
 *
 * Each instance folder is a case, its id the folder's name, read as the harness's own run report
 * reads it (swebench/harness/reporting.py `make_run_report`):
 * - `report.json` whose `[instance_id]["resolved"]` is true: resolved (completed, reward 1);
 *   false: unresolved (the model's miss, no error);
 * - no `report.json`, an empty one, one that is not JSON or has no `[instance_id]["resolved"]`: the
 *   harness counts it in `error_ids` (it could not evaluate the instance: the patch did not apply,
 *   the tests timed out, the container failed), and so does this reader, with the harness's own
 *   message from `run_instance.log` (`EvaluationError.__str__`, swebench/harness/utils.py: `Error in
 *   evaluation for <id>: <why>`; `Error in evaluating model for <id>: <e>` for any other exception).
 * Unresolved and error instances are then classified as `make_run_report` classifies them
 * (swebench/harness/infra_failure.py `classify_logs` over `test_output.txt` and `run_instance.log`):
 * an environment fault (`TIER_ENVIRONMENT`: browser, display, memory, Docker daemon, network) is the
 * harness's `infra_failure_ids`, written `infra_failure: <reason>` in the case's error (the words the
 * outage classifier reads); an ambiguous one (`TIER_AMBIGUOUS`) stays the model's, its reason kept in
 * `extra.failure_reason` with `ambiguous_failure`. Without logs, the report's own `infra_failure` /
 * `infra_failure_reason` (grading.py `get_eval_report`) stands in.
 *
 * Not in the folder, so not read: instances with an empty patch (`get_dataset_from_preds` never runs
 * them; the run report lists them in `empty_patch_ids`) and instances without a prediction.
 */
import { basename, join, resolve } from 'node:path';

import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { hasFile, jsonIn, subfolders, textIn } from '../parsing/folder.js';
import { caseOf, isObj, labelsOf, type Obj, Problems, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

const REPORT = 'report.json'; // constants LOG_REPORT
const INSTANCE_LOG = 'run_instance.log'; // constants LOG_INSTANCE
const TEST_OUTPUT = 'test_output.txt'; // constants LOG_TEST_OUTPUT
const RUN_METADATA = 'run.json'; // constants LOG_RUN_METADATA

/** swebench/harness/infra_failure.py INFRA_FAILURE_SIGNATURES, in order (the first hit wins); Python's re.MULTILINE is `m`. */
const SIGNATURES: readonly [reason: string, environment: boolean, pattern: RegExp][] = [
  ['browser_launch_failed', true, /Failed to launch|Failed to connect to the bus/m],
  ['display_unavailable', true, /cannot open display|Missing X server|unable to open X display/m],
  ['out_of_memory', true, /Cannot allocate memory|OutOfMemoryError|^Killed$/m],
  ['container_unavailable', true, /Error response from daemon|Cannot connect to the Docker daemon/m],
  ['network_unreachable', true, /Could not resolve host|Temporary failure in name resolution/m],
  ['missing_module', false, /Cannot find module|MODULE_NOT_FOUND|ModuleNotFoundError/m],
  ['no_tests_collected', false, /no tests ran|collected 0 items/m],
  ['tests_timed_out', false, /Timeout error: \d+ seconds exceeded/m],
];

/** infra_failure.py `classify_text`: the first signature the text matches, or null. */
function classifyText(text: string): { reason: string; environment: boolean } | null {
  if (text === '') return null;
  for (const [reason, environment, pattern] of SIGNATURES) if (pattern.test(text)) return { reason, environment };
  return null;
}

/** An instance folder: the harness wrote its log or its report there. */
const isInstanceDir = (dir: string): boolean => hasFile(dir, REPORT) || hasFile(dir, INSTANCE_LOG);

const instancesIn = (dir: string): string[] => subfolders(dir).filter((n) => isInstanceDir(join(dir, n)));

/** The model folder of `dir` (itself, or its one model folder), or why `dir` is not a SWE-bench log folder. */
function modelDirOf(dir: string): { modelDir: string; runDir: string } | { models: string[] } | null {
  if (instancesIn(dir).length > 0) return { modelDir: dir, runDir: resolve(dir, '..') };
  const models = subfolders(dir).filter((n) => instancesIn(join(dir, n)).length > 0);
  if (models.length === 1) return { modelDir: join(dir, models[0] as string), runDir: dir };
  return models.length > 1 ? { models } : null;
}

export const SWE_BENCH_FOLDER_SHAPE =
  'a SWE-bench evaluation log folder, logs/run_evaluation/<run_id>/<model>/ (or its <run_id>/ of one model), of <instance_id>/ folders with report.json or run_instance.log';

export function sweBenchFolderMismatch(source: Source): string | null {
  return modelDirOf(source.file) === null
    ? `a directory without <instance_id>/${REPORT} or <instance_id>/${INSTANCE_LOG} folders, nor <model>/ folders of them`
    : null;
}

/** The harness's own message for an instance it could not evaluate (the last one its log holds). */
function harnessMessage(log: string | null, id: string): string | null {
  if (log === null) return null;
  let found: string | null = null;
  for (const m of log.matchAll(/Error in evaluat(?:ion|ing model) for (\S+): (.*)$/gm)) if (m[1] === id) found = (m[2] as string).trim();
  return found;
}

/** What `make_run_report` makes of the report file: resolved, unresolved, or why it is an error. */
function readReport(dir: string, id: string): { report: Obj } | { error: string } {
  if (!hasFile(dir, REPORT)) return { error: `no ${REPORT}` };
  const text = (textIn(dir, REPORT) ?? '').trim();
  if (text === '') return { error: `${REPORT} is empty` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: `${REPORT} is not valid JSON` };
  }
  const r = isObj(parsed) ? parsed[id] : undefined;
  if (!isObj(r) || !('resolved' in r)) return { error: `${REPORT} has no ${JSON.stringify(id)} entry with "resolved"` };
  return { report: r };
}

function instanceCase(p: Problems, modelDir: string, id: string): CaseResult {
  const dir = join(modelDir, id);
  const read = readReport(dir, id);
  if ('report' in read && typeof read.report['resolved'] !== 'boolean')
    p.add(`${id}/${REPORT}`, 'resolved', 'true or false (grading.py get_eval_report)', read.report['resolved']);
  const report = 'report' in read ? read.report : null;
  const resolved = report?.['resolved'] === true;
  const log = resolved ? null : textIn(dir, INSTANCE_LOG);
  const tests = resolved ? null : textIn(dir, TEST_OUTPUT);
  // make_run_report classifies unresolved and error instances from the logs that exist.
  let found = resolved ? null : classifyText([tests, log].filter((t) => t !== null).join('\n'));
  if (!resolved && found === null && log === null && tests === null && report?.['infra_failure'] === true)
    found = { reason: typeof report['infra_failure_reason'] === 'string' ? report['infra_failure_reason'] : 'environment fault', environment: true };
  const extra: Record<string, unknown> = { ...(report ?? {}), outcome: resolved ? 'resolved' : report ? 'unresolved' : 'error' };
  const parts: string[] = [];
  if ('error' in read) {
    const said = harnessMessage(log, id);
    parts.push(`error_ids: ${read.error}, the harness could not evaluate the instance${said === null ? '' : ` (${said})`}`);
  }
  if (found !== null) {
    extra['failure_reason'] = found.reason;
    if (found.environment) parts.push(`infra_failure: ${found.reason}`);
    else extra['ambiguous_failure'] = true;
  }
  return caseOf({
    id,
    completed: resolved,
    reward: resolved ? 1 : 0,
    error: parts.length > 0 ? parts.join('; ') : null,
    labels: labelsOf(id.split('__')[0] ?? null),
    extra,
  });
}

export function fromSweBenchFolder(source: Source): BenchmarkSummary {
  const at = modelDirOf(source.file);
  if (at === null) throw new InputError(`${source.file}: expected ${SWE_BENCH_FOLDER_SHAPE}`);
  if ('models' in at)
    throw new InputError(
      `${source.file}: holds the evaluation logs of ${at.models.length} models (${at.models.join(', ')}); each is its own run: give one, such as ${join(source.file, at.models[0] as string)}`,
    );
  const p = new Problems(source.file);
  const cases = instancesIn(at.modelDir).map((id) => instanceCase(p, at.modelDir, id));
  p.check();
  const runId = basename(at.runDir);
  const meta = hasFile(at.runDir, RUN_METADATA) ? jsonIn(at.runDir, RUN_METADATA) : null;
  const metadata: BenchmarkSummary['metadata'] = { 'swe_bench.run_id': runId };
  if (isObj(meta)) for (const k of ['dataset', 'split', 'task_repo', 'created_at']) if (typeof meta[k] === 'string') metadata[`swe_bench.${k}`] = meta[k];
  const n = cases.length;
  return summaryOf({
    id: `${runId} ${basename(at.modelDir)}`,
    format: 'swe-bench',
    cases,
    run: { model: basename(at.modelDir), description: `SWE-bench evaluation logs: ${n} evaluated instance${n === 1 ? '' : 's'}` },
    metadata,
  });
}
