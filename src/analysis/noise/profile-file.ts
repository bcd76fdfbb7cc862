/**
 * A noise profile as a file (`benchgate profile --format json --output FILE`), read back by
 * `benchgate compare --noise-profile FILE` and the action: validated, with errors that name the file
 * and the field. The history branch keeps a suite's profiles of several fingerprints in one file
 * (profile-set.ts), newest first; every reader takes either form.
 */
import { z } from 'zod';

import { InputError } from '../../errors.js';
import type { NoiseProfile } from '../model.js';
import { NOISE_PROFILE_SCHEMA } from './profile.js';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const count = z.int().nonnegative();
const finite = z.number().refine(Number.isFinite, 'expected a finite number');

const CaseNoiseSchema = z
  .object({
    id: z.string().min(1),
    runs: count.min(1),
    passed: count,
    reward_mean: finite,
    reward_sd: finite,
    steps_mean: finite,
    steps_sd: finite,
  })
  .refine((c) => c.passed <= c.runs, 'expected passed ≤ runs');

const ProfileSchema = z.object({
  schema: z.literal(NOISE_PROFILE_SCHEMA, { error: `expected "${NOISE_PROFILE_SCHEMA}"` }),
  suite: z.string(),
  created_at: z.string().nullable(),
  commit: z.string().nullable(),
  fingerprint: z.record(z.string(), scalar),
  runs: z.array(z.object({ file: z.string(), id: z.string(), started_at: z.string().nullable() })).min(2),
  cases: z.array(CaseNoiseSchema),
  figures: z.object({
    cases: count,
    flaky: count,
    always_pass: count,
    never_pass: count,
    discordance: finite.nullable(),
    aa: z.array(z.object({ policy: z.string(), pairs: count, promote: count, hold: count, inconclusive: count })),
  }),
});

/** The file of a suite's profiles by fingerprint, newest first (profile-set.ts): what profile.yml keeps on the history branch. */
export const NOISE_PROFILES_SCHEMA = 'benchgate.noise-profiles/v1';

const ProfilesSchema = z.object({
  schema: z.literal(NOISE_PROFILES_SCHEMA),
  suite: z.string(),
  profiles: z.array(ProfileSchema).min(1, 'expected at least one profile'),
});

/** The JSON root of a profile file; `file` names it in errors. */
function parseRoot(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError(`${file}: not JSON (${(err as Error).message}); expected a noise profile written by 'benchgate profile --format json FILE...'`);
  }
}

/** Validates `root` against `schema`; the first problem, with its field, names the file. */
function validated<T>(schema: z.ZodType<T>, root: unknown, file: string): T {
  const parsed = schema.safeParse(root);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const at = issue.path.length === 0 ? 'the top level' : issue.path.map(String).join('.');
    throw new InputError(`${file}: not a benchgate noise profile: at ${at}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Reads a profile file of either form, newest first: one profile (`benchgate profile --format json`)
 * or the profiles of several fingerprints that profile.yml keeps on the history branch.
 */
export function parseNoiseProfiles(text: string, file: string): NoiseProfile[] {
  const root = parseRoot(text, file);
  const schema = typeof root === 'object' && root !== null && !Array.isArray(root) ? (root as Record<string, unknown>)['schema'] : undefined;
  if (schema === NOISE_PROFILES_SCHEMA) return validated(ProfilesSchema, root, file).profiles;
  if (schema === NOISE_PROFILE_SCHEMA) return [validated(ProfileSchema, root, file)];
  throw new InputError(
    `${file}: not a benchgate noise profile: at schema: expected "${NOISE_PROFILE_SCHEMA}" (one profile) or "${NOISE_PROFILES_SCHEMA}" (profiles by fingerprint), got ${JSON.stringify(schema ?? null)}`,
  );
}

/** The profile as the file `benchgate profile --format json` writes. */
export function serializeNoiseProfile(profile: NoiseProfile): string {
  return `${JSON.stringify(profile, null, 2)}\n`;
}

/** A suite's profiles by fingerprint, newest first, as the history branch keeps them. */
export function serializeNoiseProfiles(suite: string, profiles: readonly NoiseProfile[]): string {
  return `${JSON.stringify({ schema: NOISE_PROFILES_SCHEMA, suite, profiles }, null, 2)}\n`;
}

/**
 * The most the history branch's profile file may weigh: under the ~40 MiB one blob may have when
 * the git database API creates the branch (measured by others; GitHub documents 100 MB for the
 * contents API), and half of what the gate reads (64 MiB), so a file stored is a file read.
 */
export const MAX_STORED_PROFILE_BYTES = 32 * 1024 * 1024;

/**
 * The profiles (newest first) serialized within `maxBytes`: the oldest are dropped until the file
 * fits; `trimmed` says how many. The newest alone too large is an InputError naming its size.
 */
export function fitNoiseProfiles(
  suite: string,
  profiles: readonly NoiseProfile[],
  file: string,
  maxBytes = MAX_STORED_PROFILE_BYTES,
): { content: string; profiles: NoiseProfile[]; trimmed: number } {
  for (let n = profiles.length; n >= 1; n--) {
    const kept = profiles.slice(0, n);
    const content = serializeNoiseProfiles(suite, kept);
    if (Buffer.byteLength(content) <= maxBytes) return { content, profiles: kept, trimmed: profiles.length - n };
  }
  const alone = Buffer.byteLength(serializeNoiseProfiles(suite, profiles.slice(0, 1)));
  const mib = (b: number): string => (b >= 1048576 ? `${(b / 1048576).toFixed(1)} MiB` : `${Math.ceil(b / 1024)} KiB`);
  throw new InputError(
    `${file}: the profile alone is ${mib(alone)}, over the ${mib(maxBytes)} the history branch's profile file may hold (${profiles[0]?.cases.length ?? 0} cases); keep it as the workflow artifact, or commit it and give its path as noise-profile`,
  );
}
