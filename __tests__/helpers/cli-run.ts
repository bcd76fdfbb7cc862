/** Runs the CLI in-process and collects its exit code and both output streams. */
import { main } from '../../src/cli/run.js';

export async function runCli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (t) => void (stdout += typeof t === 'string' ? t : Buffer.from(t).toString('utf8')),
    stderr: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}
