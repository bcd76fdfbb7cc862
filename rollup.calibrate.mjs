// Bundles `npm run calibrate` (tools/calibrate/main.ts) into build/ (not committed: it is a tool, not
// part of the action or the CLI). tsconfig.tools.json: the build's options over src and tools (with
// tsconfig.build.json, whose include is src only, the TypeScript plugin left tools/ untransformed).
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'tools/calibrate/main.ts',
  output: { file: 'build/calibrate.mjs', format: 'es', sourcemap: false, inlineDynamicImports: true },
  // Third-party annotations rollup cannot place (zod's) are not the tool's business.
  onwarn: (warning, warn) => (warning.code === 'INVALID_ANNOTATION' || warning.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(warning)),
  plugins: [
    // tsconfig.build.json includes only src: tsconfig.tools.json adds the tool's own folder.
    typescript({ tsconfig: './tsconfig.tools.json', outDir: 'build' }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
  ],
};
