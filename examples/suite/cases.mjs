// The demo_tool_use preset: ten small tasks an agent solves with the demo tools over
// the embedded data (see data.mjs). `kind` picks the plan an agent follows
// (plans.mjs); `expected` is what the suite's checker looks for in the final answer.

/** Preset name written to the summaries' `preset` field. */
export const PRESET = 'demo_tool_use';

const ENVIRONMENT = 'generic';

/** @type {ReadonlyArray<{case_id: string, description: string, task: string, environment: string, kind: string, params: object, expected: string}>} */
export const CASES = Object.freeze(
  [
    {
      case_id: 'inventory_stock_value',
      description: 'Table lookup followed by arithmetic',
      task: 'What is the total stock value (quantity times unit price, in EUR) of SKU A-102?',
      kind: 'stock_value',
      params: { sku: 'A-102' },
      expected: '525 EUR',
    },
    {
      case_id: 'inventory_reorder_gap',
      description: 'Reorder quantity from a target level',
      task: 'The reorder target for hex bolts (SKU A-117) is 500 units. How many units must be ordered?',
      kind: 'reorder_gap',
      params: { sku: 'A-117', target: 500 },
      expected: 'Order 312 units',
    },
    {
      case_id: 'docs_refund_window',
      description: 'Fact lookup in the support handbook',
      task: 'According to the support handbook, within how many days may a customer request a refund?',
      kind: 'doc_fact',
      params: { query: 'refund request days customer', pattern: 'refund within (\\d+) days', answer: '{{1}} days' },
      expected: '30 days',
    },
    {
      case_id: 'docs_escalation_contact',
      description: 'Fact lookup in the incident runbook',
      task: 'Who do we escalate a payments incident to when it is not resolved within 30 minutes?',
      kind: 'doc_fact',
      params: {
        query: 'payments incident escalate',
        pattern: 'payments incidents[^.]*?escalate to ([A-Z][a-z]+ [A-Z][a-z]+)',
        answer: 'Escalate to {{1}}',
      },
      expected: 'Priya Raman',
    },
    {
      case_id: 'docs_shipping_cost',
      description: 'Apply a pricing rule read from a policy document',
      task: 'Using the shipping policy, what does it cost to ship a parcel with a gross weight of 12 kg?',
      kind: 'doc_formula',
      params: {
        query: 'shipping parcel cost per kg',
        basePattern: 'base fee of ([\\d.]+) EUR',
        ratePattern: '([\\d.]+) EUR per kg',
        quantity: 12,
        answer: 'Shipping a 12 kg parcel costs {{3}} EUR',
      },
      expected: '9.1 EUR',
    },
    {
      case_id: 'units_crate_weight',
      description: 'Unit conversion with rounding',
      task: 'A shipping crate weighs 12.5 kg. What is its weight in pounds, rounded to one decimal?',
      kind: 'unit_convert',
      params: { value: 12.5, from: 'kg', to: 'lb', digits: 1 },
      expected: '27.6 lb',
    },
    {
      case_id: 'date_release_gap',
      description: 'Two dates from a long document, then a date difference',
      task: 'How many days passed between the v2.2 and the v2.3 releases, according to the release history?',
      kind: 'date_gap',
      params: {
        query: 'release history v2.2 v2.3 released',
        fromPattern: 'v2\\.2[^.]*released on ([0-9-]+)',
        toPattern: 'v2\\.3[^.]*released on ([0-9-]+)',
      },
      expected: '49 days',
    },
    {
      case_id: 'log_error_count',
      description: 'Count ERROR lines in a workspace log file',
      task: 'How many ERROR lines are in the payments service log at logs/payments.log?',
      kind: 'log_count',
      params: { path: 'logs/payments.log', pattern: '^\\S+ ERROR ', label: 'ERROR' },
      expected: '3 ERROR lines',
    },
    {
      case_id: 'text_report_slug',
      description: 'String transformation',
      task: 'Turn the report title "Q3 Revenue Report: EMEA & APAC" into a URL slug.',
      kind: 'text_transform',
      params: { text: 'Q3 Revenue Report: EMEA & APAC', op: 'slug' },
      expected: 'q3-revenue-report-emea-apac',
    },
    {
      case_id: 'warehouse_multi_hop',
      description: 'Multi-hop: person -> warehouse -> SKUs -> stock value',
      task: 'What is the total stock value (in EUR) of everything held in the warehouse that Dana Whitfield manages?',
      kind: 'warehouse_value',
      params: { person: 'Dana Whitfield' },
      expected: '1380 EUR',
    },
  ].map((entry) => Object.freeze({ ...entry, environment: ENVIRONMENT })),
);

const normalize = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The suite's answer check, using rlm-code's `answer_match` rule (whitespace-collapsed,
 * lower-cased expected answer equals or is contained in the response) so "completed"
 * means "answered correctly", not merely "stopped".
 * @param {string} response the agent's final response
 * @param {string} expected the case's expected answer
 */
export function checkAnswer(response, expected) {
  const want = normalize(expected);
  return want !== '' && normalize(response).includes(want);
}
