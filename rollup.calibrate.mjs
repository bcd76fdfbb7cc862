// Bundles `npm run calibrate` (tools/calibrate/main.ts) into build/ (not committed: it is a tool, not
// part of the action or the CLI). tsconfig.tools.json: the build's options over src and tools (with
// tsconfig.build.json, whose include is src only, the TypeScript plugin left tools/ untransformed).
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'tools/calibrate/main.ts',
  output: { file: 'build/calibrate.mjs', format: 'es', sourcemap: false },
  plugins: [typescript({ tsconfig: './tsconfig.tools.json' }), nodeResolve({ preferBuiltins: true })],
};
