/**
 * `npm run calibrate`: the hold rate of both decision policies on a simulated noisy suite, for the same
 * agent on both sides (A/A) and for candidates worse by 5, 10 and 15 points on every case, at 100,
 * 200 and 400 cases, with 1 and 3 trials. Prints a markdown table (the README carries it).
 *
 * Options: --runs N (pairs per cell, default 200), --seed N, --cases 100,200,400, --trials 1,3,
 * --drops 0,0.05,0.1,0.15. With --sequential: the sequential table instead (calibrate/sequential.ts).
 */
import { printSequentialTable } from './sequential.js';
import { runCell, type CellResult } from './simulate.js';

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
}
const list = (s: string): number[] => s.split(',').map(Number).filter((x) => Number.isFinite(x));

function pct(k: number, n: number): string {
  return `${((100 * k) / n).toFixed(1)}%`;
}

function main(argv: string[]): void {
  if (argv.includes('--sequential')) return printSequentialTable(argv, (s) => process.stdout.write(s));
  const runs = Number(option(argv, 'runs', '200'));
  const seed = Number(option(argv, 'seed', '1'));
  const sizes = list(option(argv, 'cases', '100,200,400'));
  const trials = list(option(argv, 'trials', '1,3'));
  const drops = list(option(argv, 'drops', '0,0.05,0.1,0.15'));
  const out = process.stdout;
  out.write(`Simulated suite: a third easy cases (p 0.85-1), a third impossible (0-0.05), a third coin flips (0.3-0.7);\n`);
  out.write(`the candidate's success probability is lower by the drop on every case. ${runs} pairs per row; seed ${seed}.\n`);
  out.write('Default gates (reward >= +0, completion >= +0, steps <= +0.5, no completion regression), 95% confidence.\n');
  out.write('point and McNemar see one run per side (the first trial); significant sees every trial.\n\n');
  out.write('| Cases | Trials | Candidate | point: hold | significant: hold | significant: inconclusive | significant: promote | exact McNemar at 5%, one run: hold |\n');
  out.write('|--:|--:|:--|--:|--:|--:|--:|--:|\n');
  const started = Date.now();
  const results: CellResult[] = [];
  for (const n of sizes) {
    for (const k of trials) {
      for (const drop of drops) {
        const r = runCell({ cases: n, trials: k, drop }, runs, seed);
        results.push(r);
        const who = drop === 0 ? 'same agent (A/A)' : `${Math.round(drop * 100)} points worse`;
        out.write(`| ${n} | ${k} | ${who} | ${pct(r.point, runs)} | ${pct(r.significant.hold, runs)} | ${pct(r.significant.inconclusive, runs)} | ${pct(r.significant.promote, runs)} | ${pct(r.mcnemar, runs)} |\n`);
      }
    }
  }
  out.write(`\n${results.length} rows, ${results.length * runs} simulated comparisons in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

main(process.argv.slice(2));
