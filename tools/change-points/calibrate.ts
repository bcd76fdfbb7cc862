/**
 * Calibration of the change-point search (src/history/change-points.ts) on synthetic series, for
 * docs/history.md: how often one shift of 2 standard deviations in 100 runs is found within 5 runs of
 * where it is, and how many change points a series without a shift gets (false alarms per 100 runs).
 * Run by scripts/change-points-calibrate.mjs; seeded, so the figures are the same on every machine.
 */
import { CHANGE_POINT_DEFAULTS, findChangePoints } from '../../src/history/change-points.js';
import { bitSource } from '../../src/stats/distributions.js';

const RUNS = 100;
const SHIFT_SD = 2;
const WITHIN = 5;

/** Uniform (0, 1) and standard normal draws from a seeded source. */
function draws(seed: number): { uniform: () => number; normal: () => number } {
  const bits = bitSource(seed);
  const uniform = (): number => (bits() + 0.5) / 4294967296;
  const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

type Noise = 'normal' | 'binomial';

/**
 * One series: normal noise of SD 1, or the completion rate of a 100-case suite at 70% (binomial, SD
 * 4.6 points, values on a grid of 1 point); `shiftAt` null for none, else a shift of 2 SD (either way).
 */
function series(noise: Noise, shiftAt: number | null, seed: number): number[] {
  const { uniform, normal } = draws(seed);
  const sign = uniform() < 0.5 ? -1 : 1;
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const shifted = shiftAt !== null && i >= shiftAt;
    if (noise === 'normal') out.push(normal() + (shifted ? sign * SHIFT_SD : 0));
    else {
      const sd = Math.sqrt(0.7 * 0.3 * 100);
      const p = 0.7 + (shifted ? (sign * SHIFT_SD * sd) / 100 : 0);
      let done = 0;
      for (let c = 0; c < 100; c++) if (uniform() < p) done++;
      out.push(done / 100);
    }
  }
  return out;
}

interface Row {
  noise: Noise;
  series: number;
  found: number;
  extra: number;
  nullAlarms: number;
}

function measure(noise: Noise, count: number): Row {
  let found = 0;
  let extra = 0;
  let nullAlarms = 0;
  for (let k = 0; k < count; k++) {
    const pick = draws(0x37000 + k).uniform;
    const at = 10 + Math.floor(pick() * 81); // the shift anywhere from run 10 to run 90
    const cps = findChangePoints(series(noise, at, 0x1000 + k), { seed: k });
    if (cps.some((c) => Math.abs(c.index - at) <= WITHIN)) found++;
    extra += cps.filter((c) => Math.abs(c.index - at) > WITHIN).length;
    nullAlarms += findChangePoints(series(noise, null, 0x9000 + k), { seed: k }).length;
  }
  return { noise, series: count, found, extra, nullAlarms };
}

const count = Number(process.argv[2] ?? 500);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const per100 = (alarms: number, series: number): string => ((alarms * 100) / (series * RUNS)).toFixed(3);
const lines = [
  `E-divisive means, ${CHANGE_POINT_DEFAULTS.permutations} permutations, alpha ${CHANGE_POINT_DEFAULTS.alpha}, at least ${CHANGE_POINT_DEFAULTS.minSize} runs a side; ${count} series of ${RUNS} runs per row, one shift of ${SHIFT_SD} SD at a run from 10 to 90.`,
  '',
  '| noise | found within 5 runs | other change points per 100 runs (with the shift) | false alarms per 100 runs (no shift) |',
  '|---|---:|---:|---:|',
];
let ok = true;
for (const noise of ['normal', 'binomial'] as const) {
  const r = measure(noise, count);
  const rate = r.found / r.series;
  const alarms = (r.nullAlarms * 100) / (r.series * RUNS);
  ok &&= rate >= 0.9 && alarms <= 1;
  const label = noise === 'normal' ? 'normal, SD 1' : 'completion of 100 cases at 70% (binomial)';
  lines.push(`| ${label} | ${pct(rate)} (${r.found}/${r.series}) | ${per100(r.extra, r.series)} | ${per100(r.nullAlarms, r.series)} |`);
}
process.stdout.write(`${lines.join('\n')}\n\n${ok ? 'meets' : 'MISSES'} the targets: found in ≥ 90%, ≤ 1 false alarm per 100 runs\n`);
process.exitCode = ok ? 0 : 1;
