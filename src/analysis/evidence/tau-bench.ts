/**
 * tau-bench's trajectories and rewards as its own code writes them (sierra-research/tau-bench @
 * 59a200c): the ReAct agents' actions in the message text, the `think` tool that is no action, and
 * `info.reward_info` in words. The transcript itself is read by extract.ts (`transcriptSteps`).
 */
import { canonicalJson, isObj, nonEmptyText, type Obj } from './model.js';

/** A tool call: its name, its arguments as text, and its arguments in canonical form (the parting rule's key). */
export interface Call {
  name: string;
  args: string | null;
  key: string;
}

/**
 * tau-bench's ReAct agents (`act`, `react`: tau_bench/agents/chat_react_agent.py @ 59a200c,
 * `generate_next_step`) write the action in the message's text: `content.split("Action:")[-1]`
 * parsed as JSON `{name, arguments}`; `respond` (tau_bench/types.py RESPOND_ACTION_NAME) is a
 * message to the user with `arguments.content`, text that is no JSON is one too. Null when the
 * text holds no such action.
 */
export function reactAction(text: string | null): { call: Call | null; said: string | null; thought: string | null } | null {
  if (text === null || !text.includes('Action:')) return null;
  const at = text.lastIndexOf('Action:');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(at + 'Action:'.length).trim());
  } catch {
    return null;
  }
  if (!isObj(parsed) || typeof parsed['name'] !== 'string' || !('arguments' in parsed)) return null;
  const thought = nonEmptyText(text.slice(0, at).trim());
  const args = parsed['arguments'];
  if (parsed['name'] === 'respond') return { call: null, said: isObj(args) ? nonEmptyText(args['content']) : nonEmptyText(args), thought };
  return { call: { name: parsed['name'], args: nonEmptyText(args), key: canonicalJson(args) }, said: null, thought };
}

/**
 * tau-bench's `think` tool (tau_bench/envs/{airline,retail}/tools/think.py): "It will not obtain new
 * information or change the database, but just append the thought to the log": free text, no action.
 */
export const TAU_THOUGHT_TOOLS: ReadonlySet<string> = new Set(['think']);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * tau-bench's reward in words, from `info.reward_info` (tau_bench/envs/base.py `calculate_reward`
 * @ 59a200c): the reward is 1 unless the database after the run differs from the one the task's
 * ground-truth actions leave (`r_actions`), or, for a task with `outputs`, one of them is in none of
 * the agent's messages (`r_outputs`, `outputs`: each found or not; then `r_actions` is not kept).
 * `rowReward`: the run's reward in the row (run.py's `reward`), which the words never contradict.
 */
export function tauRewardReason(info: Obj | null, rowReward: number | null = null): string | null {
  const ri = isObj(info?.['reward_info']) ? (info['reward_info'] as Obj) : null;
  if (ri === null) return null;
  const reward = num(ri['reward']);
  const detail = isObj(ri['info']) ? ri['info'] : {};
  // The row's reward is what was gated (the report's table): a reward_info that says otherwise is named as such.
  const head =
    rowReward !== null && reward !== null && Math.abs(rowReward - reward) > 1e-9
      ? `reward ${rowReward} (reward_info says ${reward})`
      : reward === null
        ? 'reward unknown'
        : `reward ${reward}`;
  if ('r_outputs' in detail) {
    const outputs = isObj(detail['outputs']) ? detail['outputs'] : {};
    const missed = Object.keys(outputs).filter((k) => outputs[k] !== true);
    if (missed.length > 0) return `${head}: the agent never told the user ${missed.map((k) => JSON.stringify(k)).join(', ')} (r_outputs 0)`;
    return reward === 0
      ? `${head}: every expected output was said (r_outputs 1), so the database differs from the ground truth's`
      : `${head}: every expected output was said (r_outputs 1)`;
  }
  const ra = detail['r_actions'];
  if (ra === undefined) return head;
  return pyTruthyFlag(ra)
    ? `${head}: the database ends as the task's ground-truth actions leave it (r_actions 1)`
    : `${head}: the database does not end as the task's ground-truth actions leave it (r_actions 0)`;
}

const pyTruthyFlag = (v: unknown): boolean => v === true || (typeof v === 'number' && v !== 0);
