/**
 * The baseline/candidate summary pair that `npm run bench` compares. Generating 2 × 120 MB takes
 * seconds, so the pair is cached in bench-output/ with a sidecar per case count
 * (`pair-<cases>.json`) recording how it was made. It is regenerated only when the seed or the
 * generator's source code changed, when a file is missing or has another size, or when forced.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { writeSummary } from './generate-rlm-summary.mjs';

const GENERATOR_SOURCES = ['generate-rlm-summary.mjs', 'rlm-summary-rows.mjs', 'rlm-summary-aggregates.mjs', 'py-json.mjs'];

/** sha256 over the generator's own files: editing the generator invalidates cached pairs. */
async function generatorFingerprint() {
  const hash = createHash('sha256');
  for (const name of GENERATOR_SOURCES) {
    hash.update(await readFile(new URL(`./${name}`, import.meta.url)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function sizeOf(path) {
  try {
    return (await stat(path)).size;
  } catch {
    return -1;
  }
}

/** True when the sidecar describes exactly these parameters and both files are intact. */
async function isReusable(outDir, wanted) {
  let recorded;
  try {
    recorded = JSON.parse(await readFile(join(outDir, wanted.names.sidecar), 'utf8'));
  } catch {
    return false;
  }
  if (recorded.cases !== wanted.cases || recorded.seed !== wanted.seed || recorded.generator !== wanted.generator) return false;
  for (const side of ['baseline', 'candidate']) {
    const file = recorded.files?.[side];
    if (!file || file.name !== wanted.names[side]) return false;
    if ((await sizeOf(join(outDir, file.name))) !== file.bytes) return false;
  }
  return true;
}

/**
 * Makes sure `outDir` holds a generated pair for `cases`/`seed`, reusing a previous one when
 * its sidecar matches.
 * @param {{outDir: string, cases: number, seed: number, regenerate: boolean}} options
 * @returns {Promise<{baseline: string, candidate: string, bytes: {baseline: number,
 *   candidate: number}, generated: boolean, seconds: number}>} absolute paths; `seconds` is
 *   the generation wall time (0 when reused).
 */
export async function ensureBenchPair({ outDir, cases, seed, regenerate }) {
  await mkdir(outDir, { recursive: true });
  const names = { baseline: `rlm-baseline-${cases}.json`, candidate: `rlm-candidate-${cases}.json`, sidecar: `pair-${cases}.json` };
  const wanted = { cases, seed, generator: await generatorFingerprint(), names };
  const paths = { baseline: join(outDir, names.baseline), candidate: join(outDir, names.candidate) };
  const reuse = !regenerate && (await isReusable(outDir, wanted));
  const started = performance.now();
  if (!reuse) {
    for (const variant of ['baseline', 'candidate']) {
      await writeSummary(paths[variant], { cases, seed, variant });
    }
  }
  const seconds = reuse ? 0 : (performance.now() - started) / 1000;
  const bytes = { baseline: await sizeOf(paths.baseline), candidate: await sizeOf(paths.candidate) };
  if (!reuse) {
    const files = Object.fromEntries(['baseline', 'candidate'].map((side) => [side, { name: names[side], bytes: bytes[side] }]));
    const sidecar = { cases, seed, generator: wanted.generator, files, generatedAt: new Date().toISOString(), generationSeconds: Number(seconds.toFixed(3)) };
    await writeFile(join(outDir, names.sidecar), `${JSON.stringify(sidecar, null, 2)}\n`);
  }
  return { ...paths, bytes, generated: !reuse, seconds };
}
