/**
 * What would decide an inconclusive verdict, for the check run that blocks on it (issue 45: an
 * undecided verdict is not a state a pull request ends in by default). Each clause is one reason the
 * verdict is undecided and what more evidence settles it, from what the comparison already holds:
 * the infrastructure share that asked for a rerun (integrity/infrastructure.ts), the sequential
 * design's end (significance/sequential.ts), each undecided gate's sizing (significance/sizing.ts),
 * and the undecided metric gates and slices. Names that come from the user's files are escaped.
 */
import type { Comparison } from '../analysis/compare.js';
import type { RoundsHalt } from '../analysis/model.js';
import { grouped } from '../stats/format.js';
import { untrusted } from './markdown/markdown.js';
import { percent } from './markdown/words.js';
import { decideWords, lower } from './sections/significance.js';

/** Why rounds ended before the design did, in words (model.ts RoundsHalt; the spend cap is said apart). */
const HALTED: Record<Exclude<RoundsHalt, 'budget'>, string> = {
  failed: 'a round failed',
  'common-look': "at the shards' common look",
  unknown: 'for a reason the artifacts do not record',
};

/** Why the rounds ended undecided, and what more of them would take. */
function roundsClause(cmp: Comparison): string | null {
  const d = cmp.sequential;
  if (d === undefined || (d.stop && d.reason === 'decided')) return null;
  const more = d.more_rounds === null ? '' : ` (about ${grouped(d.more_rounds)} more at the current estimates)`;
  if (d.halted === 'budget')
    return `the rounds stopped at the spend cap after ${grouped(d.rounds)} of ${grouped(d.max_rounds)}: a larger \`budget\` lets more rounds run${more}`;
  if (d.halted !== undefined)
    return `the rounds ended after ${grouped(d.rounds)} of ${grouped(d.max_rounds)} (${HALTED[d.halted]}): a rerun runs them again${more}`;
  // Design main's rounds are the action's main-rounds (gate.yml allows 3), the CLI's --max-trials.
  if (d.reason === 'max-trials')
    return cmp.main_design === undefined
      ? `all ${grouped(d.max_rounds)} rounds ran undecided: a larger \`max-trials\` (or more cases) decides it${more}`
      : `all ${grouped(d.max_rounds)} rounds ran undecided: more rounds (\`main-rounds\` in the action, \`--max-trials\` on the command line) or more cases decide it${more}`;
  return `round ${grouped(d.rounds)} of ${grouped(d.max_rounds)} is undecided: more rounds decide it${more}`;
}

/** The clauses, in the order the report gives the reasons; empty for a decided verdict. */
export function whatWouldDecide(cmp: Comparison): string[] {
  if (cmp.verdict !== 'inconclusive') return [];
  const out: string[] = [];
  const infra = cmp.infrastructure;
  if (infra.rerun) {
    const side = infra.candidate.share >= infra.baseline.share ? infra.candidate : infra.baseline;
    out.push(
      `a rerun of the ${grouped(side.case_ids.length)} cases not measured (provider or harness errors in ${percent(side.share)} of the rows, above the ${percent(infra.max_share)} allowed)`,
    );
  }
  const rounds = roundsClause(cmp);
  if (rounds !== null) out.push(rounds);
  const s = cmp.significance;
  const v = s?.verdict_sizing ?? null;
  if (s !== null && v !== null && s.gates.filter((g) => g.status === 'inconclusive').length > 1) {
    const unit = s.cluster.field === null ? 'cases' : `${s.cluster.field} clusters`;
    const what = v.decides === 'pass' ? 'an equal candidate promoted, every undecided gate shown within its margin' : 'a drop of the stated size held';
    out.push(
      v.units > 100 * s.cluster.units
        ? `the verdict: ${what}, with 80% power, would take over 100 times the ${unit}`
        : `the verdict: about ${grouped(v.units)} ${unit} in all decide it with 80% power (${what})`,
    );
  }
  if (s !== null) for (const t of s.gates.filter((g) => g.status === 'inconclusive')) out.push(`${lower(t.gate)}: ${decideWords(t, s)}`);
  for (const name of cmp.undecided_metric_gates) out.push(`the gate ${untrusted(name, { maxLength: 120 })}: more cases or trials per side`);
  return out;
}
