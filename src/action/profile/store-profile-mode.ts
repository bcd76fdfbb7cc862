/**
 * `mode: store-profile`: profile.yml's store job (the only job of it with contents: write) adds the
 * profile `benchgate profile --format json` built to `<suite>.noise-profile.json` on the history
 * branch, where the gate reads it with `noise-profile: history-branch`. The file keeps the profiles
 * of several fingerprints (analysis/noise/profile-set.ts): storing one never loses another's.
 */
import { resolve } from 'node:path';

import type { NoiseProfile } from '../../analysis/model.js';
import { UsageError } from '../../errors.js';
import { storeNoiseProfile } from '../../github/noise-profile-branch.js';
import { loadNoiseProfiles, noiseProfilePath } from '../../load/noise-profile.js';
import { untrusted } from '../../report/markdown/markdown.js';
import { notOnDefaultBranch } from '../decide/trend.js';
import type { StoreProfileInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import type { RunResult } from '../suite/trial.js';

/** The fingerprint in words, as the notes say it: `run.model "gpt-4.1", metadata.scoring_version 3`. */
function fingerprintWords(profile: NoiseProfile): string {
  const keys = Object.entries(profile.fingerprint).filter(([, v]) => v !== null);
  return keys.length === 0 ? 'no fingerprint' : keys.map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ');
}

export async function storeProfileMode(io: ActionIo, inputs: StoreProfileInputs): Promise<RunResult> {
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo) throw new UsageError('mode store-profile: GITHUB_REPOSITORY is not set (owner/name); run it in a GitHub Actions job');
  // The gates of the default branch settle cases with this profile: only that branch's own runs may store one.
  const refused = notOnDefaultBranch(io.env);
  if (refused !== null) throw new UsageError(`mode store-profile: refused: ${refused} (profile.yml runs there on a schedule or by workflow_dispatch)`);
  const file = resolve(io.workspace, inputs.noiseProfile);
  const given = loadNoiseProfiles(file, 'input "noise-profile":');
  if (given.length !== 1)
    throw new UsageError(
      `input "noise-profile": ${inputs.noiseProfile} holds ${given.length} profiles; expected the one profile 'benchgate profile --format json FILE...' writes`,
    );
  const profile = given[0] as NoiseProfile;
  const at = { owner, repo, branch: inputs.historyBranch, path: noiseProfilePath(inputs.suite) };
  const where = `${at.branch}:${at.path}`;
  const done = await storeNoiseProfile(io.github(inputs.token), at, inputs.suite, profile);
  const kept = `${done.profiles.length} fingerprint${done.profiles.length === 1 ? '' : 's'}`;
  const how = [done.replaced ? 'replaces the profile of the same fingerprint' : null, done.dropped > 0 ? `drops the oldest ${done.dropped}` : null].filter(
    (x) => x !== null,
  );
  io.info(
    `benchgate: the noise profile of suite "${inputs.suite}" (${profile.runs.length} runs; ${fingerprintWords(profile)}) is stored as ${where}${how.length ? `: it ${how.join(' and ')}` : ''}; the file holds ${kept}`,
  );
  await io.appendSummary(`The noise profile is stored as ${untrusted(where)} (${kept}; this one: ${untrusted(fingerprintWords(profile))}).\n`);
  return { failure: null, explained: false };
}
