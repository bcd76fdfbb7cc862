// Times signPatterns on a suite like the 100,000-case benchmark pair (one unit per case; reward a
// float series, completion and its sign -1/0/+1, steps small integers), split off and on. Each
// timing is one call in a fresh process, as the CLI makes it (repeated calls in one process run
// warm and mislead: a change that won there lost in the CLI), the bundles interleaved so a shared
// machine's load falls on all of them alike.
// Usage: node scripts/bench-signflip.mjs <bundle.mjs>... (a bundle of src/stats/sign-flip.ts, e.g.
// node_modules/.bin/rolldown src/stats/sign-flip.ts --file /tmp/sf.mjs --format esm --platform node)
// ROUNDS=n sets the processes per bundle and mode (default 7); SHAPE=floats3 makes completion and
// steps non-integer (rates over repeated trials), so three gates are summed as floats.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === '--one') {
  const [, , , bundle, mode] = process.argv;
  const m = await import(bundle);
  const split = mode === 'split';
  const G = 100_000;
  let state = 12345;
  const rnd = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = (table) => {
    const r = rnd();
    let acc = 0;
    for (const [v, p] of table) if (r < (acc += p)) return v;
    return table[table.length - 1][0];
  };
  const size = new Float64Array(G).fill(1);
  const completion = Float64Array.from({ length: G }, () =>
    pick([
      [0, 0.952],
      [1, 0.028],
      [-1, 0.02],
    ]),
  );
  const steps = Float64Array.from({ length: G }, () =>
    pick([
      [0, 0.919],
      [-1, 0.048],
      [1, 0.019],
      [2, 0.004],
      [3, 0.004],
      [4, 0.003],
      [5, 0.002],
      [6, 0.001],
      [7, 0.0006],
    ]),
  );
  const reward = Float64Array.from({ length: G }, () => Math.round((rnd() - 0.5) * 2000) / 10000);
  const sums =
    process.env.SHAPE === 'floats3'
      ? [reward, completion.map((v) => v / 3), steps.map((v) => v / 7), completion.map(Math.sign)]
      : [reward, completion, steps, completion.map(Math.sign)];
  if (split) {
    // Start the helper thread and let it warm, as the CLI does while its files load.
    m.signPatterns(
      size.subarray(0, 20),
      sums.map((s) => s.subarray(0, 20)),
      3,
      true,
    );
    await new Promise((r) => setTimeout(r, 300));
  }
  const t = performance.now();
  m.signPatterns(size, sums, 1999, split);
  console.log(performance.now() - t);
  process.exit(0);
}

const bundles = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 7);
const times = new Map();
for (let r = 0; r < rounds; r++) {
  for (const f of bundles) {
    for (const mode of ['alone', 'split']) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--one', f, mode], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      const key = `${f} ${mode}`;
      if (!times.has(key)) times.set(key, []);
      times.get(key).push(Number(run.stdout));
    }
  }
}
for (const [key, ts] of times) {
  const s = [...ts].sort((a, b) => a - b);
  console.log(`${key}: median ${s[s.length >> 1].toFixed(1)} ms (min ${s[0].toFixed(1)}; ${ts.map((x) => x.toFixed(0)).join(' ')})`);
}
