// Bundles the CLI (dist/cli.js), the action (dist/index.js) and their small loading thread
// (dist/load-worker.js) into self-contained ESM files,
// committed so they run with no node_modules. Output must be deterministic: CI rebuilds and diffs dist/.
// The action's bundle includes @actions/artifact and its CommonJS dependencies (hence commonjs and json);
// both include saxes, the XML parser, which is CommonJS too.
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

/** Warnings from dependencies' own code are harmless and not ours to fix. */
function onwarn(warning, warn) {
  const inDeps = (id) => typeof id === 'string' && id.includes('node_modules');
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every(inDeps)) return;
  if (warning.code === 'INVALID_ANNOTATION' && inDeps(warning.id)) return;
  if (warning.code === 'THIS_IS_UNDEFINED' && inDeps(warning.id)) return;
  if (warning.code === 'EVAL' && inDeps(warning.id)) return;
  warn(warning);
}

/** @type {import('rollup').RollupOptions[]} */
const config = [
  {
    input: 'src/cli.ts',
    output: { file: 'dist/cli.js', format: 'es', banner: '#!/usr/bin/env node', sourcemap: false },
    onwarn,
    // commonjs: saxes (the XML parser) and its xmlchars are CommonJS.
    plugins: [typescript({ tsconfig: './tsconfig.build.json' }), nodeResolve({ preferBuiltins: true }), commonjs()],
  },
  {
    // The small loading thread both bundles start for a large rlm-code summary (src/load/load.ts):
    // the streaming reader only, no zod or yaml, so that it starts at once.
    input: 'src/load/load-worker.ts',
    output: { file: 'dist/load-worker.js', format: 'es', sourcemap: false },
    onwarn,
    plugins: [typescript({ tsconfig: './tsconfig.build.json' }), nodeResolve({ preferBuiltins: true })],
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/index.js', format: 'es', sourcemap: false, inlineDynamicImports: true },
    onwarn,
    plugins: [typescript({ tsconfig: './tsconfig.build.json' }), nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }), commonjs(), json()],
  },
];

export default config;
