// Bundles `npm run generate` (tools/generate/main.ts) into build/ (not committed: it is a tool, not
// part of the action or the CLI). tsconfig.tools.json: the build's options over src and tools; the
// commonjs plugin for saxes (the XML parser), which the configuration's code reaches.
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

export default {
  input: 'tools/generate/main.ts',
  output: { file: 'build/generate.mjs', format: 'es', sourcemap: false },
  plugins: [typescript({ tsconfig: './tsconfig.tools.json' }), nodeResolve({ preferBuiltins: true }), commonjs()],
};
