// The "policy" both demo agents share: for each kind of task, the tool chain a model
// would write. Later calls refer to earlier results with placeholders such as
// "{{0.qty}}" (result of call 0, field qty) or "{{2.skus.1}}"; they are resolved
// against whatever results the executing strategy actually holds at that point.

const PLACEHOLDER = /\{\{(\d+)((?:\.[\w-]+)*)\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{(\d+)((?:\.[\w-]+)*)\}\}$/;

function lookup(results, index, path) {
  let value = results[Number(index)];
  if (value === undefined) throw new Error(`plan refers to result ${index}, which does not exist yet`);
  for (const key of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object' || !(key in value)) {
      throw new Error(`plan refers to {{${index}${path}}}, which the result does not have`);
    }
    value = value[key];
  }
  return value;
}

/**
 * Fills the placeholders of one template string. A template that is a single
 * placeholder keeps the value's type (so a number stays a number); anything else is
 * string interpolation.
 * @param {string} template
 * @param {unknown[]} results tool outputs so far, indexed by call position
 */
export function renderTemplate(template, results) {
  const whole = WHOLE_PLACEHOLDER.exec(template);
  if (whole) return lookup(results, whole[1], whole[2]);
  return template.replace(PLACEHOLDER, (_, index, path) => String(lookup(results, index, path)));
}

/**
 * Resolves a call's arguments against the results a strategy has seen. The tool_call
 * strategy passes its (possibly truncated) observations, codemode the full values:
 * that difference is the point of the comparison.
 * @param {Record<string, unknown>} args
 * @param {unknown[]} results
 */
export function resolveArgs(args, results) {
  const resolved = {};
  for (const [key, value] of Object.entries(args)) {
    resolved[key] = typeof value === 'string' ? renderTemplate(value, results) : value;
  }
  return resolved;
}

const call = (tool, args, why) => ({ tool, args, why });

const PLAN_LIBRARY = {
  stock_value: ({ sku }) => ({
    calls: [
      call('table_lookup', { table: 'inventory', key: sku }, `Look up ${sku} in the inventory.`),
      call('calc', { expr: '{{0.qty}} * {{0.unit_price}}' }, 'Multiply quantity by unit price.'),
    ],
    answer: 'Stock value of {{0.sku}}: {{1}} EUR',
  }),
  reorder_gap: ({ sku, target }) => ({
    calls: [
      call('table_lookup', { table: 'inventory', key: sku }, `Look up ${sku} in the inventory.`),
      call('calc', { expr: `${target} - {{0.qty}}` }, 'Subtract stock on hand from the target.'),
    ],
    answer: 'Order {{1}} units of {{0.name}}',
  }),
  doc_fact: ({ query, pattern, answer }) => ({
    calls: [
      call('search_docs', { query }, 'Find the document that states the fact.'),
      call('extract', { text: '{{0.text}}', pattern }, 'Pull the fact out of the document.'),
    ],
    answer,
  }),
  doc_formula: ({ query, basePattern, ratePattern, quantity, answer }) => ({
    calls: [
      call('search_docs', { query }, 'Find the pricing rule.'),
      call('extract', { text: '{{0.text}}', pattern: basePattern }, 'Read the base fee.'),
      call('extract', { text: '{{0.text}}', pattern: ratePattern }, 'Read the per-unit rate.'),
      call('calc', { expr: `{{1}} + {{2}} * ${quantity}` }, 'Apply the rule.'),
    ],
    answer,
  }),
  unit_convert: ({ value, from, to, digits }) => ({
    calls: [call('convert_units', { value, from, to, digits }, `Convert ${from} to ${to}.`)],
    answer: `{{0}} ${to}`,
  }),
  date_gap: ({ query, fromPattern, toPattern }) => ({
    calls: [
      call('search_docs', { query }, 'Find the document with both dates.'),
      call('extract', { text: '{{0.text}}', pattern: fromPattern }, 'Read the first date.'),
      call('extract', { text: '{{0.text}}', pattern: toPattern }, 'Read the second date.'),
      call('date_diff', { from: '{{1}}', to: '{{2}}' }, 'Count the days between them.'),
    ],
    answer: '{{3}} days',
  }),
  log_count: ({ path, pattern, label }) => ({
    calls: [call('read_file', { path }, `Read ${path}.`), call('count_matches', { text: '{{0}}', pattern }, `Count ${label} lines.`)],
    answer: `{{1}} ${label} lines`,
  }),
  text_transform: ({ text, op }) => ({
    calls: [call('text_transform', { text, op }, `Apply the ${op} transform.`)],
    answer: '{{0}}',
  }),
  warehouse_value: ({ person }) => ({
    calls: [
      call('search_docs', { query: `${person} manages warehouse` }, 'Find which warehouse the person runs.'),
      call('extract', { text: '{{0.text}}', pattern: `${person} manages warehouse (WH-\\d+)` }, 'Read the code.'),
      call('table_lookup', { table: 'warehouses', key: '{{1}}' }, 'List the SKUs stocked there.'),
      call('table_lookup', { table: 'inventory', key: '{{2.skus.0}}' }, 'Look up the first SKU.'),
      call('table_lookup', { table: 'inventory', key: '{{2.skus.1}}' }, 'Look up the second SKU.'),
      call('table_lookup', { table: 'inventory', key: '{{2.skus.2}}' }, 'Look up the third SKU.'),
      call('calc', { expr: '{{3.qty}} * {{3.unit_price}} + {{4.qty}} * {{4.unit_price}} + {{5.qty}} * {{5.unit_price}}' }, 'Sum the stock values.'),
    ],
    answer: 'Total stock value in {{1}}: {{6}} EUR',
  }),
};

/**
 * The tool chain for a case, chosen by its task kind, as an agent policy would.
 * @param {{kind: string, params: object}} caseDef
 * @returns {{calls: {tool: string, args: object, why: string}[], answer: string}}
 */
export function planFor(caseDef) {
  const build = PLAN_LIBRARY[caseDef.kind];
  if (!build) throw new Error(`no plan for task kind "${caseDef.kind}"`);
  return build(caseDef.params);
}

function accessor(index, path) {
  const keys = path.split('.').filter(Boolean);
  return `r${index}${keys.map((key) => (/^\d+$/.test(key) ? `[${key}]` : `.${key}`)).join('')}`;
}

function renderValue(value) {
  if (typeof value !== 'string' || !value.includes('{{')) return JSON.stringify(value);
  const whole = WHOLE_PLACEHOLDER.exec(value);
  if (whole) return accessor(whole[1], whole[2]);
  const body = value.replace(/[`\\$]/g, (ch) => `\\${ch}`);
  return `\`${body.replace(PLACEHOLDER, (_, index, path) => `\${${accessor(index, path)}}`)}\``;
}

/**
 * Renders a plan as the single JavaScript program a code-mode model would emit. The
 * text is what the codemode strategy is billed for and what its guardrail size
 * budget measures; the chain executor runs the structured plan it was rendered from.
 * @param {{calls: {tool: string, args: object}[], answer: string}} plan
 */
export function renderProgram(plan) {
  const lines = plan.calls.map((step, index) => {
    const args = Object.entries(step.args).map(([key, value]) => `${key}: ${renderValue(value)}`);
    return `const r${index} = await tools.${step.tool}({ ${args.join(', ')} });`;
  });
  lines.push(`return { success: true, answer: ${renderValue(plan.answer)} };`);
  return lines.join('\n');
}
