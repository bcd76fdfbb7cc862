// The demo's tools: plain deterministic functions over the embedded data. Most live
// on a simulated MCP server ("demo-tools") and are called as "mcp:demo-tools:<name>";
// read_file is a local harness tool, which the code-mode sandbox cannot reach.

import { evaluateExpression } from './calc.mjs';
import { DOCS, FILES, TABLES } from './data.mjs';
import { renderTemplate, resolveArgs } from './plans.mjs';

/** Name of the simulated MCP server; recorded as `mcp_server` in the summaries. */
export const MCP_SERVER = 'demo-tools';
const MCP_PREFIX = `mcp:${MCP_SERVER}:`;

const words = (text) =>
  String(text)
    .toLowerCase()
    .match(/[a-z0-9]+/g) ?? [];

function searchDocs({ query }) {
  const wanted = new Set(words(query));
  let best = null;
  for (const doc of DOCS) {
    const have = new Set(words(`${doc.title} ${doc.text}`));
    const score = [...wanted].filter((word) => have.has(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { score, doc };
  }
  if (!best) throw new Error(`search_docs: no document matches "${query}"`);
  return { doc_id: best.doc.id, title: best.doc.title, text: best.doc.text };
}

function tableLookup({ table, key }) {
  const rows = TABLES[table];
  if (!rows) throw new Error(`table_lookup: unknown table "${table}"`);
  const row = rows[key];
  if (!row) throw new Error(`table_lookup: no row "${key}" in ${table}`);
  return structuredClone(row);
}

const calc = ({ expr }) => evaluateExpression(expr);

const UNIT_FACTORS = { kg: 1, lb: 0.45359237, g: 0.001, km: 1000, mi: 1609.344, m: 1 };

function convertUnits({ value, from, to, digits = 2 }) {
  let result;
  if (from === 'F' && to === 'C') result = ((value - 32) * 5) / 9;
  else if (from === 'C' && to === 'F') result = (value * 9) / 5 + 32;
  else if (UNIT_FACTORS[from] && UNIT_FACTORS[to]) result = (value * UNIT_FACTORS[from]) / UNIT_FACTORS[to];
  else throw new Error(`convert_units: cannot convert ${from} to ${to}`);
  return Number(result.toFixed(digits));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(text) {
  const match = ISO_DATE.exec(String(text));
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new RangeError(`date_diff: invalid ISO date "${text}" (expected YYYY-MM-DD)`);
  }
  return ms;
}

function dateDiff({ from, to }) {
  return Math.round((parseIsoDate(to) - parseIsoDate(from)) / 86_400_000);
}

function countMatches({ text, pattern }) {
  return (String(text).match(new RegExp(pattern, 'gm')) ?? []).length;
}

function extract({ text, pattern }) {
  const match = new RegExp(pattern).exec(String(text));
  if (!match) throw new Error(`extract: pattern /${pattern}/ not found`);
  return match[1] ?? match[0];
}

const TRANSFORMS = {
  slug: (text) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  upper: (text) => text.toUpperCase(),
  lower: (text) => text.toLowerCase(),
};

function textTransform({ text, op }) {
  const transform = TRANSFORMS[op];
  if (!transform) throw new Error(`text_transform: unknown op "${op}"`);
  return transform(String(text));
}

function readFile({ path }) {
  if (!(path in FILES)) throw new Error(`read_file: no such file "${path}"`);
  return FILES[path];
}

const tool = (name, source, description, input_schema, run) => ({ name, source, description, input_schema, run });
const str = 'string';

const DOMAIN_TOOLS = [
  tool('search_docs', 'mcp', 'Search the document corpus; returns the best match.', { query: str }, searchDocs),
  tool('table_lookup', 'mcp', 'Fetch one row of a table by key.', { table: str, key: str }, tableLookup),
  tool('calc', 'mcp', 'Evaluate arithmetic (+ - * / and parentheses).', { expr: str }, calc),
  tool(
    'convert_units',
    'mcp',
    'Convert a value between units (kg, lb, g, km, mi, m, C, F).',
    { value: 'number', from: str, to: str, digits: 'number' },
    convertUnits,
  ),
  tool('date_diff', 'mcp', 'Days from one ISO date (YYYY-MM-DD) to another.', { from: str, to: str }, dateDiff),
  tool('count_matches', 'mcp', 'Count regex matches in a text, per line.', { text: str, pattern: str }, countMatches),
  tool('extract', 'mcp', 'First capture group of a regex in a text.', { text: str, pattern: str }, extract),
  tool('text_transform', 'mcp', 'Transform a string: slug, upper or lower.', { text: str, op: str }, textTransform),
  tool('read_file', 'local', 'Read a file from the workspace.', { path: str }, readFile),
];

function searchTools({ task_description, limit = 10 }) {
  const wanted = new Set(words(task_description));
  return sandboxTools()
    .map(({ name, description, input_schema }) => {
      const score = words(`${name.replace(/_/g, ' ')} ${description}`).filter((word) => wanted.has(word)).length;
      return { name, description, input_schema, score };
    })
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

function callToolChain({ program }) {
  const results = [];
  try {
    for (const step of program.calls) {
      const fullName = qualifiedName(step.tool);
      if (!fullName.startsWith(MCP_PREFIX)) throw new Error(`${step.tool} is not reachable from the sandbox`);
      results.push(invokeTool(fullName, resolveArgs(step.args, results)).output);
    }
    return { success: true, answer: String(renderTemplate(program.answer, results)), calls: results.length };
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error), calls: results.length };
  }
}

const META_TOOLS = [
  { name: 'search_tools', source: 'mcp', description: 'Find tools relevant to a task.', run: searchTools },
  { name: 'call_tool_chain', source: 'mcp', description: 'Run a code-mode program.', run: callToolChain },
];

const fullNameOf = (entry) => (entry.source === 'mcp' ? MCP_PREFIX + entry.name : entry.name);

const BY_FULL_NAME = new Map([...DOMAIN_TOOLS, ...META_TOOLS].map((entry) => [fullNameOf(entry), entry]));

/**
 * The name a harness calls a tool by: MCP tools carry the "mcp:demo-tools:" prefix,
 * which is what rlm-code's `mcp_tool_calls` counter keys on.
 * @param {string} name bare tool name
 */
export function qualifiedName(name) {
  const entry = [...DOMAIN_TOOLS, ...META_TOOLS].find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`unknown tool "${name}"`);
  return fullNameOf(entry);
}

/** Domain tools the code-mode sandbox may call: exactly the MCP server's domain tools. */
export function sandboxTools() {
  return DOMAIN_TOOLS.filter((entry) => entry.source === 'mcp');
}

/** The catalog a tool_call model is shown each step (qualified names, no meta tools). */
export function toolCatalog() {
  return DOMAIN_TOOLS.map((entry) => ({
    name: fullNameOf(entry),
    description: entry.description,
    input_schema: entry.input_schema,
    source: entry.source,
  }));
}

/**
 * Runs one tool by its qualified name and wraps the output the way rlm-code's tool
 * registry does, with `tool_full_name` metadata for telemetry. Tool errors are thrown,
 * not wrapped: the demo harness lets them abort the case so the suite exercises
 * rlm-code's failure-row path.
 * @param {string} fullName e.g. "mcp:demo-tools:calc" or "read_file"
 * @param {Record<string, unknown>} args
 * @returns {{success: true, output: unknown, metadata: {tool_full_name: string}}}
 */
export function invokeTool(fullName, args) {
  const entry = BY_FULL_NAME.get(fullName);
  if (!entry) throw new Error(`unknown tool "${fullName}"`);
  return { success: true, output: entry.run(args), metadata: { tool_full_name: fullName } };
}
