// Bundles the CLI into one self-contained ESM file, dist/cli.js, committed so it runs with no
// node_modules (`node dist/cli.js`). Output must be deterministic: CI rebuilds and diffs dist/.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

/** @type {import('rollup').RollupOptions[]} */
const config = [
  {
    input: 'src/cli.ts',
    output: { file: 'dist/cli.js', format: 'es', banner: '#!/usr/bin/env node', sourcemap: false },
    onwarn(warning, warn) {
      // zod's internal import cycles and comment placement are harmless and not ours to fix.
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
      if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
      warn(warning);
    },
    plugins: [typescript({ tsconfig: './tsconfig.build.json' }), nodeResolve({ preferBuiltins: true })],
  },
];

export default config;
