// Times signPatterns on a suite like the 100,000-case benchmark pair (one unit per case; reward a
// float series, completion and its sign -1/0/+1, steps small integers), split off and on, the
// bundles given interleaved so a shared machine's load falls on all of them alike.
// Usage: node scripts/bench-signflip.mjs <bundle.mjs>... (a bundle of src/stats/sign-flip.ts, e.g.
// node_modules/.bin/rolldown src/stats/sign-flip.ts --file /tmp/sf.mjs --format esm --platform node)
const bundles = await Promise.all(process.argv.slice(2).map(async (f) => ({ f, m: await import(f) })));
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
const sums = [reward, completion, steps, completion.map(Math.sign)];
const rounds = Number(process.env.ROUNDS ?? 7);
const times = new Map();
for (let r = 0; r < rounds; r++) {
  for (const { f, m } of bundles) {
    for (const split of [false, true]) {
      const t = performance.now();
      m.signPatterns(size, sums, 1999, split);
      const ms = performance.now() - t;
      const key = `${f} split=${split}`;
      if (!times.has(key)) times.set(key, []);
      times.get(key).push(ms);
    }
  }
}
for (const [key, ts] of times) {
  const s = [...ts].sort((a, b) => a - b);
  console.log(`${key}: median ${s[s.length >> 1].toFixed(1)} ms (min ${s[0].toFixed(1)}, rounds ${ts.map((x) => x.toFixed(0)).join(' ')})`);
}
