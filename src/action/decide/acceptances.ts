/**
 * The acceptances of a pull request, for every decision on it that publishes the check from the
 * default branch's code (publish, command): the events mode command recorded on the history branch (github/acceptance-branch.ts),
 * applied by the one pipeline. None without a history branch, a pull request or a token; a branch
 * or file not created yet is none too. A file that is not benchgate's stops the gate (InputError),
 * since acceptances it cannot read might hold or release the verdict.
 */
import type { AcceptanceEvent } from '../../analysis/acceptance/model.js';
import { acceptancesPath, readAcceptances } from '../../github/acceptance-branch.js';
import { pullEvents } from '../../history/acceptance-file.js';
import type { PublishInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';

export async function pullAcceptances(
  io: ActionIo,
  inputs: { suite: string; publish?: PublishInputs },
  at: { owner: string; repo: string; pull: number | null },
): Promise<AcceptanceEvent[] | undefined> {
  const branch = inputs.publish?.historyBranch ?? '';
  const token = inputs.publish?.token ?? '';
  if (branch === '' || token === '' || at.pull === null || !at.owner || !at.repo) return undefined;
  const file = await readAcceptances(io.github(token), { owner: at.owner, repo: at.repo, branch, path: acceptancesPath(inputs.suite) });
  const events = pullEvents(file, at.pull);
  if (events.length > 0)
    io.info(`benchgate: ${events.length} acceptance event${events.length === 1 ? '' : 's'} of #${at.pull} from ${branch}:${acceptancesPath(inputs.suite)}`);
  return events;
}
