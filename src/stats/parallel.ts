/**
 * A resampling loop split between this thread and one helper thread, synchronously: the caller
 * keeps its plain, synchronous result. Resampling loops are made of independent draws whose random
 * bits come from a counter-based generator ({@link bitSourceAt} starts it at any draw), so the
 * second half of the draws can run in another thread and give exactly the values this thread would
 * have computed: results are bit for bit the same with or without the helper.
 *
 * The helper (one thread for the process, started on first use) runs {@link KERNELS} from their own
 * source text (a thread started from a string, so it needs no file beside the bundle), writes into
 * scratch memory of its own job (never the caller's arrays), and raises a flag. This thread computes
 * its part, then waits for the flag: when the helper is done, it copies the helper's part from the
 * scratch memory; if the helper has not taken the job by the time this thread is done plus a grace
 * period (a thread that could not start), or fails, this thread computes the helper's part itself
 * and forgets the scratch memory, so a helper that finishes late writes only memory nobody reads.
 * Nothing here waits without a bound.
 *
 * `BENCHGATE_THREADS=0` runs every loop on the calling thread (no helper is ever started), and the
 * large files load on it too (load/load.ts). The results are the same, bit for bit.
 */
import { Worker } from 'node:worker_threads';

/**
 * The seeded generator of distributions.ts's `bitSource` (mulberry32), positioned after `skip`
 * draws: its state moves by a constant per draw, so any draw is reached at once (a resampling loop
 * split across threads starts each part where it falls).
 * Self-contained and defined here, beside the kernels that call it: a helper thread runs their
 * source text, which must name nothing imported.
 */
export function bitSourceAt(seed: number, skip: number): () => number {
  let state = ((seed >>> 0) + Math.imul(skip % 4294967296, 0x6d2b79f5)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * Sign patterns `from` ≤ p < `to` of the sign-flip test with up to 4 gates, in columns
 * (stats/sign-flip.ts lays them out; the sums are the plain loop's, bit for bit). Pattern p draws
 * `words` 32-bit words of the generator, the last one's bits past the last unit masked off by
 * `lastMask`; when `exact` (every pattern enumerated, at most 14 units: one word), p itself is the
 * pattern.
 *
 * `x` holds `cols` columns per unit (unit u's at u·cols …). Each column's flipped units are added in
 * ascending order from 0, the set bits of each word lowest first, as a plain loop adds them: the
 * first `floats` columns are series whose sums round (rewards), written as they are to outs[0 …].
 * The others are lanes: several integer series packed into one double, series j's field at bits
 * shift … shift + width of its lane, holding value − low (fields[4j …] = lane column, shift,
 * width, low). A lane's sums are integers below 2^53 whose fields cannot carry into each other, so
 * exact in any order; series j's flipped sum is its field of the lane's sum plus low × the number of
 * flipped units, exact too, written to outs[floats + j].
 */
export function flipLanes(
  x: Float64Array,
  cols: number,
  floats: number,
  fields: Float64Array,
  words: number,
  lastMask: number,
  exact: boolean,
  seed: number,
  from: number,
  to: number,
  outs: Float64Array[],
): void {
  // bitSourceAt(seed, (from − 1)·words), inlined: a call per word costs this loop a third of its time.
  let state = ((seed >>> 0) + Math.imul(((from - 1) * words) % 4294967296, 0x6d2b79f5)) | 0;
  const series = fields.length / 4;
  const mask = new Int32Array(words);
  const sums = new Float64Array(cols);
  for (let p = from; p < to; p++) {
    // The pattern's words, and how many units it flips.
    let flipped = 0;
    for (let w = 0; w < words; w++) {
      let m = p;
      if (!exact) {
        state = (state + 0x6d2b79f5) | 0;
        m = state;
        m = Math.imul(m ^ (m >>> 15), m | 1);
        m ^= m + Math.imul(m ^ (m >>> 7), m | 61);
        m ^= m >>> 14;
      }
      if (w === words - 1) m &= lastMask;
      mask[w] = m;
      m -= (m >>> 1) & 0x55555555;
      m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
      flipped += Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    if (cols === 1) {
      let s = 0;
      for (let w = 0; w < words; w++) {
        let m = mask[w] as number;
        const base = (w << 5) + 31;
        while (m !== 0) {
          const low = m & -m;
          m ^= low;
          s += x[base - Math.clz32(low)] as number;
        }
      }
      sums[0] = s;
    } else if (cols === 2) {
      let s = 0;
      let t = 0;
      for (let w = 0; w < words; w++) {
        let m = mask[w] as number;
        const base = (w << 5) + 31;
        while (m !== 0) {
          const low = m & -m;
          m ^= low;
          const at = (base - Math.clz32(low)) << 1;
          s += x[at] as number;
          t += x[at + 1] as number;
        }
      }
      sums[0] = s;
      sums[1] = t;
    } else if (cols > 2) {
      // 3 to 5 columns (sizes and 4 gates at most): locals, the columns past the third behind tests that always go the same way.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let s4 = 0;
      for (let w = 0; w < words; w++) {
        let m = mask[w] as number;
        const base = (w << 5) + 31;
        while (m !== 0) {
          const low = m & -m;
          m ^= low;
          const at = (base - Math.clz32(low)) * cols;
          s0 += x[at] as number;
          s1 += x[at + 1] as number;
          s2 += x[at + 2] as number;
          if (cols > 3) s3 += x[at + 3] as number;
          if (cols > 4) s4 += x[at + 4] as number;
        }
      }
      sums.set([s0, s1, s2, s3, s4].slice(0, cols));
    }
    for (let k = 0; k < floats; k++) (outs[k] as Float64Array)[p] = sums[k] as number;
    for (let j = 0; j < series; j++) {
      const lane = fields[4 * j] as number;
      // The field: ⌊sum / 2^shift⌋ mod 2^width, exact (powers of two, integers below 2^53).
      const q = Math.floor((lane < 0 ? 0 : (sums[lane] as number)) * 2 ** -(fields[4 * j + 1] as number));
      const width = 2 ** (fields[4 * j + 2] as number);
      (outs[floats + j] as Float64Array)[p] = q - Math.floor(q / width) * width + (fields[4 * j + 3] as number) * flipped;
    }
  }
}

/**
 * Draws `from` ≤ r < `to` of the correlation check (analysis/significance/group-correlation.ts):
 * for each draw, every case's sign flipped at random, the group sums of each of the `L` series, and
 * whether their spread Q reaches the observed one: `reached[r·L + j]` is 1 or 0 (written, never
 * added to, so a range computed twice gives the same array). Draw r takes ⌈n/32⌉ words of the
 * generator, case i's sign being bit i mod 32 of word ⌊i/32⌋.
 *
 * The cases come group by group: group g's are `order[starts[g]]` … `order[starts[g + 1] − 1]`,
 * ascending, and `eo` holds their values in that order (position k's at k·L …). A group's sum thus
 * adds its cases' terms in case order, from 0, exactly as a loop over all cases into one sum per
 * group would (the same sums, bit for bit), but in registers rather than through memory; Q adds the
 * squared sums in group order, as that loop's would.
 */
export function spreadRange(
  eo: Float64Array,
  order: Int32Array,
  starts: Int32Array,
  n: number,
  L: number,
  groups: number,
  seed: number,
  from: number,
  to: number,
  observed: Float64Array,
  reached: Float64Array,
): void {
  const words = Math.ceil(n / 32);
  const next = bitSourceAt(seed, from * words);
  const bits = new Int32Array(words);
  const q = new Float64Array(L);
  const acc = new Float64Array(L);
  // The flipped series is re-centred like the observed one (without it each column's level
  // was about 12% at 20%): Q = Σ_g (A_g − n_g·x̄)², x̄ = Σ_g A_g / n, the group sums A_g kept per draw.
  const sums = new Float64Array(groups * L);
  for (let r = from; r < to; r++) {
    for (let w = 0; w < words; w++) bits[w] = next();
    for (let g = 0; g < groups; g++) {
      const end = starts[g + 1] as number;
      acc.fill(0);
      for (let k = starts[g] as number; k < end; k++) {
        const i = order[k] as number;
        // ±1 without a branch (the signs are coin flips, which a branch would mispredict half the time); s·e is exact.
        const s = ((((bits[i >> 5] as number) >>> (i & 31)) & 1) << 1) - 1;
        const at = k * L;
        for (let j = 0; j < L; j++) acc[j]! += s * (eo[at + j] as number);
      }
      for (let j = 0; j < L; j++) sums[g * L + j] = acc[j] as number;
    }
    for (let j = 0; j < L; j++) {
      let tot = 0;
      for (let g = 0; g < groups; g++) tot += sums[g * L + j] as number;
      const mean = tot / n;
      let centred = 0;
      for (let g = 0; g < groups; g++) centred += ((sums[g * L + j] as number) - ((starts[g + 1] as number) - (starts[g] as number)) * mean) ** 2;
      q[j] = centred;
      reached[r * L + j] = centred >= (observed[j] as number) ? 1 : 0;
    }
  }
}

/**
 * The loops a helper thread can run, by name. Each writes its results into the shared arrays it is
 * given and never adds to them, so a range computed twice (by a late helper and by this thread)
 * leaves the same values.
 */
export const KERNELS = { flipLanes, spreadRange } as const;
type Kernel = keyof typeof KERNELS;

/**
 * Per kernel: the argument it writes its results into (a shared array, or a list of them), and the
 * part of each such array that the range [a, b) writes. The helper gets scratch arrays in its place.
 */
const WRITES: Record<Kernel, { arg: number; span(args: readonly unknown[], a: number, b: number): [number, number] }> = {
  flipLanes: { arg: 10, span: (_, a, b) => [a, b] },
  spreadRange: { arg: 10, span: (args, a, b) => [a * (args[4] as number), b * (args[4] as number)] },
};

/**
 * A job for the helper: `args` with the arrays the kernel writes replaced by fresh scratch arrays,
 * and `collect`, which copies the helper's part from them into the caller's arrays (called only
 * once the helper is done).
 */
function helperJob(kernel: Kernel, args: unknown[], a: number, b: number): { args: unknown[]; collect(): void } {
  const writes = WRITES[kernel];
  const target = args[writes.arg] as Float64Array | Float64Array[];
  const targets = Array.isArray(target) ? target : [target];
  const [lo, hi] = writes.span(args, a, b);
  const scratch = targets.map(() => sharedFloat64(hi));
  const own = args.slice();
  own[writes.arg] = Array.isArray(target) ? scratch : scratch[0];
  return { args: own, collect: () => targets.forEach((t, k) => t.set((scratch[k] as Float64Array).subarray(lo, hi), lo)) };
}

/**
 * The test seam of the helper's late and failing paths: `graceMs` replaces the grace period; with
 * `hold`, the helper waits until `hold[0]` is not 0 (Atomics) before it takes each job; with `fail`,
 * it fails each job. Tests only; {@link setHelperSeam} sets it and returns what restores it.
 */
export interface HelperSeam {
  graceMs: number;
  hold: Int32Array | null;
  fail: boolean;
}
let seam: HelperSeam = { graceMs: 2000, hold: null, fail: false };

export function setHelperSeam(change: Partial<HelperSeam>): () => void {
  const before = seam;
  seam = { ...seam, ...change };
  return () => void (seam = before);
}

/** Resolves once the helper has finished every job posted so far (at once when there is no helper). */
export function helperIdle(): Promise<void> {
  const thread = helper;
  if (thread === null) return Promise.resolve();
  return new Promise((resolve) => {
    thread.once('message', () => resolve());
    thread.once('exit', () => resolve());
    thread.postMessage('ping');
  });
}

/** False when the environment says `BENCHGATE_THREADS=0`: every loop and load then runs on the calling thread. */
export function threadsAllowed(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env['BENCHGATE_THREADS']?.trim() !== '0';
}

/** The helper thread's program: the kernels' own source text and a loop that runs jobs. */
function helperSource(): string {
  const kernels = Object.entries(KERNELS)
    .map(([name, f]) => `${JSON.stringify(name)}: ${f.name}`)
    .join(', ');
  return `'use strict';
const { parentPort } = require('node:worker_threads');
${bitSourceAt.toString()}
${Object.values(KERNELS)
  .map((f) => f.toString())
  .join('\n')}
const kernels = { ${kernels} };
parentPort.on('message', (job) => {
  if (job === 'ping') return parentPort.postMessage('pong');
  const { kernel, args, flag, hold, fail } = job;
  if (hold !== null) Atomics.wait(hold, 0, 0);
  Atomics.store(flag, 0, ${TAKEN});
  try {
    if (fail) throw new Error('failure injected by a test');
    kernels[kernel](...args);
    Atomics.store(flag, 0, ${DONE});
  } catch {
    Atomics.store(flag, 0, ${FAILED});
  }
  Atomics.notify(flag, 0);
});`;
}

const WAITING = 0;
const TAKEN = 1;
const DONE = 2;
const FAILED = 3;

/** Work units (inner-loop visits) from which a loop is split: below, a thread costs more than it saves. */
export const PARALLEL_MIN_WORK = 2e7;

/** Shared-memory arrays, so that a helper thread can read and write them. */
export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(Math.max(1, length) * 8), 0, length);
}

export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Math.max(1, length) * 4), 0, length);
}

/**
 * Runs `kernel` over [from, to): the first part here, the rest in a helper thread when `work` is
 * worth it (and `split` and {@link threadsAllowed} allow), else all here. `args(a, b)` gives the
 * kernel's arguments for the range [a, b); the arrays it reads must come from {@link sharedFloat64}
 * (those it writes may be any: the helper writes scratch arrays, copied in once it is done). Returns
 * who computed the second part: the helper thread, or this one (no split, or the helper did not do it).
 */
export function runSplit(
  kernel: Kernel,
  from: number,
  to: number,
  work: number,
  args: (a: number, b: number) => unknown[],
  split = work >= PARALLEL_MIN_WORK,
): 'helper' | 'here' {
  const run = (a: number, b: number) => (KERNELS[kernel] as (...xs: unknown[]) => void)(...args(a, b));
  const mid = from + Math.ceil((to - from) * (1 - helperShare()));
  if (!split || mid >= to || !threadsAllowed()) {
    run(from, to);
    return 'here';
  }
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const job = helperJob(kernel, args(mid, to), mid, to);
  try {
    helperThread().postMessage({ kernel, args: job.args, flag, hold: seam.hold, fail: seam.fail });
  } catch {
    Atomics.store(flag, 0, FAILED);
  }
  const started = Date.now();
  run(from, mid);
  // The helper's part is about as long as this one: a helper that has not picked it up within the
  // grace period, or not finished within a few times this part's time, is not coming (a thread that
  // died cannot say so while this one waits).
  const pickUp = Date.now() + seam.graceMs;
  const finish = pickUp + 4 * (Date.now() - started);
  for (;;) {
    const state = Atomics.load(flag, 0);
    if (state === DONE) {
      job.collect();
      return 'helper';
    }
    const deadline = state === WAITING ? pickUp : finish;
    if (state === FAILED || Date.now() >= deadline) {
      // The values the helper would have given; its scratch memory is never read again.
      run(mid, to);
      return 'here';
    }
    Atomics.wait(flag, 0, state, Math.max(1, deadline - Date.now()));
  }
}

/**
 * The helper's share of a split loop: half once it has had time to start, a little under half
 * before (a new thread first starts node and compiles the kernels; this thread does not wait).
 */
function helperShare(): number {
  return helper !== null && Date.now() - helperSince >= WARM_MS ? 0.5 : 0.45;
}
const WARM_MS = 200;

/** One helper thread for the process, started on first use (or by {@link warmHelper}) and kept (unref'd: it never keeps the process alive). */
let helper: Worker | null = null;
let helperSince = 0;

/**
 * Starts the helper thread ahead of the loops that will use it (a large comparison under the
 * significant policy, while its files load), so that its start is not on their path.
 */
export function warmHelper(): void {
  if (!threadsAllowed()) return;
  try {
    helperThread();
  } catch {
    // No thread: the loops run here.
  }
}

function helperThread(): Worker {
  if (helper !== null) return helper;
  const thread = new Worker(helperSource(), { eval: true });
  thread.unref();
  const forget = () => {
    if (helper === thread) helper = null;
  };
  thread.on('error', forget);
  thread.on('exit', forget);
  helper = thread;
  helperSince = Date.now();
  return thread;
}
