/**
 * A noise profile as a file (`benchgate profile --format json --output FILE`), read back by
 * `benchgate compare --noise-profile FILE` and the action: validated, with errors that name the file
 * and the field.
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

/** Reads a noise profile's JSON text; `file` names it in errors. */
export function parseNoiseProfile(text: string, file: string): NoiseProfile {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new InputError(`${file}: not JSON (${(err as Error).message}); expected a noise profile written by 'benchgate profile --format json'`);
  }
  const parsed = ProfileSchema.safeParse(root);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const at = issue.path.length === 0 ? 'the top level' : issue.path.map(String).join('.');
    throw new InputError(`${file}: not a benchgate noise profile: at ${at}: ${issue.message}`);
  }
  return parsed.data;
}

/** The profile as the file `benchgate profile --format json` writes. */
export function serializeNoiseProfile(profile: NoiseProfile): string {
  return `${JSON.stringify(profile, null, 2)}\n`;
}
