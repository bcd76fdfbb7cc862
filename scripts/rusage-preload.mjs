/**
 * Preloaded into a measured Node process (`node --import <file URL of this file> …`) by
 * scripts/bench.mjs: at exit it appends the process's peak resident set size as one JSON line
 * to the file named by BENCHGATE_RUSAGE_FILE. This gives the bench the child's max RSS with Node
 * built-ins only (no `/usr/bin/time`, no platform-specific parsing), at the cost of loading this
 * one tiny module. Does nothing when the variable is unset.
 */
import { appendFileSync } from 'node:fs';

const target = process.env.BENCHGATE_RUSAGE_FILE;

if (target) {
  process.on('exit', (code) => {
    // maxRSS is in KiB (getrusage's ru_maxrss on Linux).
    const line = JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS, exitCode: code });
    appendFileSync(target, `${line}\n`);
  });
}
