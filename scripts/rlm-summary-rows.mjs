/**
 * Deterministic synthetic case rows in rlm-code's native-mode shape (reference doc, section a).
 *
 * Each case draws its attributes and baseline outcome from its own PRNG stream keyed by
 * (seed, case number), so the baseline and candidate variants describe the same case set and the
 * rows can be regenerated in any pass without keeping 100,000 rows in memory. The candidate draws
 * from a second stream and changes only a few percent of the outcomes.
 */

const FAMILIES = ['code_generation', 'retrieval_qa', 'long_context', 'tool_use', 'refactoring'];
const DOMAINS = ['dspy', 'python', 'sql', 'web', 'docs', 'data'];
const BUCKETS = ['short', 'medium', 'long', 'xlong'];
const ENVIRONMENTS = ['dspy', 'dspy', 'generic', 'pure_rlm'];
const VERBS = ['Create', 'Refactor', 'Summarise', 'Validate', 'Extract', 'Explain', 'Fix'];
const OBJECTS = [
  'a DSPy signature',
  'the retry helper',
  'the CSV loader',
  'a pytest suite',
  'the SQL query',
  'the config parser',
  'the naïve tokenizer',
  'the report module',
];
const GOALS = [
  'with clear fields',
  'and verify imports',
  'without changing behaviour',
  'for the 3 failing inputs',
  'using forward()',
  'and keep it under 40 lines',
];
const RUN_DIR = '/home/runner/work/agent/agent/.rlm_code/rlm/runs';

/**
 * mulberry32: a tiny 32-bit PRNG, good enough for synthetic data and identical on every platform.
 * @param {number} state 32-bit seed.
 * @returns {() => number} uniform floats in [0, 1).
 */
export function mulberry32(state) {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A per-case stream: murmur3's fmix32 over (seed, case, stream) so neighbouring keys diverge. */
function streamFor(seed, caseNumber, stream) {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(caseNumber, 0xc2b2ae35) ^ stream;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return mulberry32(h ^ (h >>> 16));
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const between = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

/** Case attributes and the baseline outcome, from the case's first stream. */
function baseCase(seed, caseNumber) {
  const rand = streamFor(seed, caseNumber, 1);
  const family = pick(rand, FAMILIES);
  const object = pick(rand, OBJECTS);
  const maxSteps = between(rand, 4, 8);
  const completed = rand() < 0.82;
  return {
    family,
    domain: pick(rand, DOMAINS),
    split: rand() < 0.8 ? 'test' : 'dev',
    bucket: pick(rand, BUCKETS),
    environment: pick(rand, ENVIRONMENTS),
    maxSteps,
    description: `${pick(rand, VERBS)} ${object.replace(/^(a|the) /, '')}`,
    task: `${pick(rand, VERBS)} ${object} ${pick(rand, GOALS)}.`,
    expected: family === 'retrieval_qa' ? `${between(rand, 2, 999)} records` : null,
    completed,
    steps: completed ? between(rand, 1, maxSteps) : maxSteps,
    rewardUnits: completed ? between(rand, 5000, 18000) : between(rand, -5000, 3000),
    durationUnits: between(rand, 20000, 90000) + between(rand, 0, 60000),
    subCalls: between(rand, 0, 3),
    promptPerCall: between(rand, 900, 2200),
    completionPerCall: between(rand, 150, 500),
    answerHit: rand() < 0.9,
  };
}

/** The candidate's rerun: 2.5 % of completed cases fail, 15 % of failed ones now complete,
 * 8 % shift reward (45 % of those down), everything runs a little faster. */
function candidateCase(seed, caseNumber, base) {
  const rand = streamFor(seed, caseNumber, 2);
  const [event, size, stepMove, speed] = [rand(), rand(), rand(), rand()];
  const out = { ...base, durationUnits: Math.round(base.durationUnits * (0.82 + speed * 0.26)) };
  if (base.completed && event < 0.025) {
    Object.assign(out, { completed: false, steps: base.maxSteps, rewardUnits: -Math.round(size * 5000) });
  } else if (!base.completed && event < 0.15) {
    Object.assign(out, { completed: true, steps: Math.max(1, base.maxSteps - 1), rewardUnits: 5000 + Math.round(size * 10000) });
  } else if (event > 0.92) {
    const delta = Math.round(100 + size * 2900) * (event > 0.964 ? 1 : -1);
    const steps = base.steps + (stepMove < 0.3 ? -1 : stepMove > 0.7 ? 1 : 0);
    Object.assign(out, { rewardUnits: base.rewardUnits + delta, steps: Math.min(base.maxSteps, Math.max(1, steps)) });
  }
  return out;
}

/**
 * rlm-code's timestamp text (`datetime.now(timezone.utc).isoformat()`), computed from integer
 * microseconds so case start + duration lands exactly on the next case's start.
 * @param {number} micros microseconds since the epoch (an integer).
 * @returns {string} `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`
 */
export function isoMicros(micros) {
  const seconds = Math.floor(micros / 1e6);
  const fraction = String(micros - seconds * 1e6).padStart(6, '0');
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}+00:00`;
}

/**
 * `bench_YYYYMMDD_HHMMSS_ffffff` / `run_…` ids, as rlm-code derives them from a UTC timestamp.
 * @param {string} prefix `bench` or `run`.
 * @param {number} micros microseconds since the epoch.
 */
export function timestampId(prefix, micros) {
  const iso = isoMicros(micros);
  return `${prefix}_${iso.slice(0, 10).replaceAll('-', '')}_${iso.slice(11, 19).replaceAll(':', '')}` + `_${iso.slice(20, 26)}`;
}

function usageFor(c) {
  const calls = c.steps + (c.environment === 'pure_rlm' ? c.subCalls : 0);
  const sub = calls - c.steps;
  const role = (n) => ({ total_calls: n, prompt_tokens: n * c.promptPerCall, completion_tokens: n * c.completionPerCall });
  const root = role(c.steps);
  const subRole = role(sub);
  return {
    total_calls: calls,
    prompt_tokens: root.prompt_tokens + subRole.prompt_tokens,
    completion_tokens: root.completion_tokens + subRole.completion_tokens,
    roles: { root, sub: subRole },
  };
}

function finalResponse(c) {
  if (!c.completed) return `Stopped after ${c.steps} steps without a verified final answer.`;
  const answer = c.expected && c.answerHit ? ` Answer: ${c.expected}.` : '';
  return `Completed task '${c.task.slice(0, 60)}'.${answer}`;
}

/** One native-mode row, keys in rlm-code's order; `answer_match` only when expected is set. */
function buildRow(caseNumber, c, startMicros) {
  const finishMicros = startMicros + c.durationUnits * 100;
  const runId = timestampId('run', startMicros);
  const response = finalResponse(c);
  const row = {
    case_id: `case_${String(caseNumber).padStart(6, '0')}`,
    description: c.description,
    task: c.task,
    mode: 'native',
    environment: c.environment,
    started_at: isoMicros(startMicros),
    finished_at: isoMicros(finishMicros),
    run_id: runId,
    run_path: `${RUN_DIR}/${runId}.jsonl`,
    completed: c.completed,
    steps: c.steps,
    total_reward: c.rewardUnits / 1e4,
    usage: usageFor(c),
    final_response: response,
    task_family: c.family,
    domain: c.domain,
    split: c.split,
    length_bucket: c.bucket,
    expected_answer: c.expected,
  };
  if (c.expected !== null) {
    const norm = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();
    row.answer_match = norm(response).includes(norm(c.expected));
  }
  row.duration_seconds = c.durationUnits / 1e4;
  return row;
}

/**
 * Yields the case rows of one summary in order, cases running back to back from `startMicros`.
 * Deterministic: the same arguments always yield the same rows, so callers may iterate twice
 * (once to aggregate, once to write) instead of holding every row.
 * @param {{cases: number, seed: number, variant: 'baseline'|'candidate', startMicros: number}} o
 * @returns {Generator<{row: object, finishMicros: number}>}
 */
export function* generateRows({ cases, seed, variant, startMicros }) {
  let clock = startMicros;
  for (let caseNumber = 1; caseNumber <= cases; caseNumber += 1) {
    const base = baseCase(seed, caseNumber);
    const outcome = variant === 'candidate' ? candidateCase(seed, caseNumber, base) : base;
    const row = buildRow(caseNumber, outcome, clock);
    clock += outcome.durationUnits * 100;
    yield { row, finishMicros: clock };
  }
}
