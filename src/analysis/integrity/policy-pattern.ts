/**
 * The configuration's policy patterns (`safety.policy_patterns`) are the user's regular expressions,
 * matched against case errors that come from the run under test. JavaScript's backtracking engine
 * can take exponential time on a pattern such as `(a+)+$` against a 41-character error, so they run
 * on re2js, a pure-JS port of RE2 (linear time in the input, no native build): RE2 syntax, which has
 * no lookaround and no backreferences. A pattern it cannot run is a configuration error naming it.
 */
import { RE2JS } from 're2js';

export interface PolicyPattern {
  source: string;
  test(text: string): boolean;
}

/** Why RE2 cannot run `source`, or null when it can. */
export function policyPatternProblem(source: string): string | null {
  try {
    RE2JS.compile(source); // the syntax is the same with the flag; without it the message quotes the pattern as written
    return null;
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).replace(/^error parsing regexp: /, '');
    return `${JSON.stringify(source)} is not a regular expression benchgate can run in linear time (RE2 syntax: no lookahead, lookbehind or backreferences): ${why}`;
  }
}

/** Compiles a pattern, case-insensitive; throws when {@link policyPatternProblem} says why. */
export function compilePolicyPattern(source: string): PolicyPattern {
  const problem = policyPatternProblem(source);
  if (problem !== null) throw new Error(problem);
  const re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  return { source, test: (text) => re.test(text) };
}
