/** Entry point of `dist/cli.js` (the `benchgate` bin). */
import { main } from './cli/run.js';

process.exitCode = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
