// Measures the change-point search on synthetic series (tools/change-points/calibrate.ts): bundles
// it with rollup into build/ (not committed) and runs it. `node scripts/change-points-calibrate.mjs [series]`
// (default 500 series per row); the table it prints is the one in docs/history.md.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';

const file = resolve('build/change-points-calibrate.mjs');
const bundle = await rollup({
  input: 'tools/change-points/calibrate.ts',
  plugins: [typescript({ tsconfig: 'tools/change-points/tsconfig.json' }), nodeResolve({ preferBuiltins: true })],
  onwarn: () => {},
});
await bundle.write({ file, format: 'es' });
await bundle.close();
await import(pathToFileURL(file).href);
