// The two harness strategies under comparison. Both follow the same plan for a task
// (plans.mjs) and call the same tools; they differ the way rlm-code's strategies do:
//   tool_call - one model turn per step, one tool per turn, a max_steps budget, and
//               observations truncated before the model sees them;
//   codemode  - discover tools, write the whole chain as one program, pass a
//               guardrail, run the program in one MCP call.
// "Model turns" are simulated but billed from the real prompt and response text.

import { planFor, renderProgram, renderTemplate, resolveArgs } from './plans.mjs';
import { invokeTool, MCP_SERVER, qualifiedName, toolCatalog } from './tools.mjs';

/** Step budget of the tool_call harness, final step included. */
export const TOOL_CALL_MAX_STEPS = 6;
/** Longest string a tool_call model sees from a tool; longer output is cut. */
export const OBSERVATION_CHAR_LIMIT = 400;
/** Code-mode guardrail budgets for one generated program. */
export const CODEMODE_MAX_CHAIN_CALLS = 8;
export const CODEMODE_MAX_CODE_CHARS = 2000;

const TOOL_CALL_SYSTEM =
  'You are a coding harness planner. Always respond with strict JSON only. Use one of two actions:\n' +
  '1) {"action":"tool","tool":"name","args":{...},"reasoning":"short"}\n' +
  '2) {"action":"final","response":"final answer"}\nNever include markdown. Never include prose outside JSON.';
const CODEMODE_SYSTEM =
  'You write one JavaScript program that solves the task by calling the typed tools on `tools`. ' + 'Return { success, answer }. Output only code.';

/** Tokens are estimated as ceil(characters / 4), the usual rule of thumb. */
const estimateTokens = (text) => Math.ceil(text.length / 4);

function createUsageMeter() {
  const usage = { total_calls: 0, prompt_tokens: 0, completion_tokens: 0 };
  return {
    record(prompt, completion) {
      usage.total_calls += 1;
      usage.prompt_tokens += estimateTokens(prompt);
      usage.completion_tokens += estimateTokens(completion);
    },
    snapshot: () => ({ ...usage }),
  };
}

function truncateObservation(value) {
  if (typeof value === 'string' && value.length > OBSERVATION_CHAR_LIMIT) {
    return `${value.slice(0, OBSERVATION_CHAR_LIMIT)} ... [truncated ${value.length - OBSERVATION_CHAR_LIMIT} chars]`;
  }
  if (Array.isArray(value)) return value.map(truncateObservation);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, truncateObservation(item)]));
  }
  return value;
}

function buildStepPrompt(task, catalog, transcript, step) {
  return [
    `Task:\n${task}`,
    `Step: ${step}/${TOOL_CALL_MAX_STEPS}\nAvailable tools (JSON):\n${JSON.stringify(catalog)}`,
    `Previous tool transcript (JSON):\n${JSON.stringify(transcript.slice(-8))}`,
    'Choose the next best action now.',
  ].join('\n\n');
}

function nextAction(plan, observed) {
  const step = plan.calls[observed.length];
  if (!step) return { action: 'final', response: String(renderTemplate(plan.answer, observed)) };
  const args = resolveArgs(step.args, observed);
  return { action: 'tool', tool: qualifiedName(step.tool), args, reasoning: step.why };
}

/**
 * Baseline executor: a step-by-step agent. Each step is one model turn that picks the
 * next call of the plan, using values copied from the truncated observations it has
 * seen. A tool that throws aborts the case (the caller records a failure row).
 * @param {{task: string, kind: string, params: object}} caseDef
 * @returns {{finished: boolean, final_response: string, steps: object[], usage: object}}
 */
export function runToolCall(caseDef) {
  const plan = planFor(caseDef);
  const catalog = toolCatalog();
  const meter = createUsageMeter();
  const steps = [];
  const observed = [];
  const transcript = [];
  for (let index = 1; index <= TOOL_CALL_MAX_STEPS; index += 1) {
    const prompt = buildStepPrompt(caseDef.task, catalog, transcript, index);
    const action = nextAction(plan, observed);
    meter.record(`${TOOL_CALL_SYSTEM}\n\n${prompt}`, JSON.stringify(action));
    if (action.action === 'final') {
      steps.push({ step: index, ...action });
      return { finished: true, final_response: action.response, steps, usage: meter.snapshot() };
    }
    const toolResult = invokeTool(action.tool, action.args);
    steps.push({ step: index, ...action, tool_result: toolResult });
    const seen = truncateObservation(toolResult.output);
    observed.push(seen);
    transcript.push({ step: index, tool: action.tool, args: action.args, success: true, output: seen });
  }
  const final_response = 'Harness reached max steps without final response.';
  return { finished: false, final_response, steps, usage: meter.snapshot() };
}

function checkGuardrails(plan, code, discovered) {
  if (code.length > CODEMODE_MAX_CODE_CHARS) {
    return `program is ${code.length} chars (limit ${CODEMODE_MAX_CODE_CHARS})`;
  }
  if (plan.calls.length > CODEMODE_MAX_CHAIN_CALLS) {
    return `program makes ${plan.calls.length} tool calls (limit ${CODEMODE_MAX_CHAIN_CALLS})`;
  }
  const allowed = new Set(discovered);
  const outside = plan.calls.map((step) => step.tool).find((name) => !allowed.has(name));
  if (outside) return `tool '${outside}' is not in the sandbox allow-list (${[...allowed].sort().join(', ')})`;
  return null;
}

function buildCodemodePrompt(task, discovered) {
  const surface = discovered.map(({ name, description, input_schema }) => {
    const params = Object.entries(input_schema)
      .map(([key, type]) => `${key}: ${type}`)
      .join('; ');
    return `declare function ${name}(args: { ${params} }): Promise<unknown>; // ${description}`;
  });
  return `Task:\n${task}\n\nMCP server: ${MCP_SERVER}\nTyped tool surface:\n${surface.join('\n')}`;
}

/**
 * Candidate executor, shaped like rlm-code's code-mode flow: step 1 discovers tools
 * (search_tools), step 2 is the single model turn that writes the program and is
 * checked by the guardrail (a block ends the case there, at 2 steps), step 3 runs the
 * program through call_tool_chain. The chain sees full tool outputs, never truncated.
 * @param {{task: string, kind: string, params: object}} caseDef
 * @returns {{finished: boolean, final_response: string, steps: object[], usage: object}}
 */
export function runCodemode(caseDef) {
  const meter = createUsageMeter();
  const searchTool = qualifiedName('search_tools');
  const searchArgs = { task_description: caseDef.task, limit: 10 };
  const search = invokeTool(searchTool, searchArgs);
  const reasoning = 'Discover relevant tool interfaces for code-mode execution.';
  const steps = [{ step: 1, action: 'tool', tool: searchTool, args: searchArgs, reasoning, tool_result: search }];

  const plan = planFor(caseDef);
  const code = renderProgram(plan);
  meter.record(`${CODEMODE_SYSTEM}\n\n${buildCodemodePrompt(caseDef.task, search.output)}`, code);
  const planStep = { step: 2, action: 'codemode_plan', reasoning: 'Generate one executable JavaScript code block.' };
  steps.push(planStep);

  const violation = checkGuardrails(
    plan,
    code,
    search.output.map((entry) => entry.name),
  );
  if (violation) {
    planStep.reasoning = `Code-mode guardrail violation: ${violation}`;
    const final_response = `Code-mode guardrail blocked execution: ${violation}`;
    return { finished: false, final_response, steps, usage: meter.snapshot() };
  }

  const chainTool = qualifiedName('call_tool_chain');
  const chainArgs = { code, program: plan, timeout: 30000, max_output_size: 200000 };
  const chain = invokeTool(chainTool, chainArgs);
  steps.push({ step: 3, action: 'tool', tool: chainTool, args: chainArgs, tool_result: chain });
  const { success, answer, error } = chain.output;
  const final_response = success ? answer : `Code-mode execution failed: ${error}`;
  return { finished: success, final_response, steps, usage: meter.snapshot() };
}

/** Executors by `harness_strategy` name. */
export const STRATEGIES = Object.freeze({ tool_call: runToolCall, codemode: runCodemode });
