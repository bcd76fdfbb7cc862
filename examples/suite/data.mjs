// Embedded data the demo tools work over. Everything an agent needs is here so the
// suite runs offline and gives the same answers on every machine.

/** Stock table keyed by SKU. Prices are EUR per unit. */
export const INVENTORY = {
  'A-102': { sku: 'A-102', name: 'Cable ties (100 pack)', qty: 140, unit_price: 3.75, warehouse: 'WH-1' },
  'A-117': { sku: 'A-117', name: 'Hex bolts M8', qty: 188, unit_price: 0.42, warehouse: 'WH-1' },
  'B-201': { sku: 'B-201', name: 'Pallet wrap', qty: 36, unit_price: 18.5, warehouse: 'WH-2' },
  'B-202': { sku: 'B-202', name: 'Label printer ribbon', qty: 24, unit_price: 12.25, warehouse: 'WH-2' },
  'B-305': { sku: 'B-305', name: 'Safety gloves (pair)', qty: 150, unit_price: 2.8, warehouse: 'WH-2' },
};

/** Warehouses keyed by code; `skus` lists what each one stocks. */
export const WAREHOUSES = {
  'WH-1': { code: 'WH-1', city: 'Rotterdam', skus: ['A-102', 'A-117'] },
  'WH-2': { code: 'WH-2', city: 'Leeds', skus: ['B-201', 'B-202', 'B-305'] },
};

/** Tables reachable through `table_lookup`. */
export const TABLES = { inventory: INVENTORY, warehouses: WAREHOUSES };

/**
 * A tiny document corpus for `search_docs`. The release history is deliberately
 * longer than the tool_call harness's observation limit (400 characters), and the
 * v2.3 release date straddles that limit: an agent that only sees the truncated
 * observation copies a malformed date.
 */
export const DOCS = [
  {
    id: 'support-handbook',
    title: 'Support handbook',
    text: 'Customers may request a refund within 30 days of delivery; after that we offer store credit. ' + 'Support hours are 08:00-18:00 CET on weekdays.',
  },
  {
    id: 'incident-runbook',
    title: 'Incident runbook',
    text:
      'For payments incidents, page the on-call engineer first; if the incident is not resolved ' +
      'within 30 minutes, escalate to Priya Raman. For logistics incidents, escalate to Tomas Ortega.',
  },
  {
    id: 'shipping-policy',
    title: 'Shipping policy',
    text: 'Every parcel costs a base fee of 4.90 EUR plus 0.35 EUR per kg of gross weight. ' + 'Parcels above 30 kg ship as freight and are quoted separately.',
  },
  {
    id: 'ops-directory',
    title: 'Operations directory',
    text: 'Dana Whitfield manages warehouse WH-2 in Leeds. Marco Bellini manages warehouse WH-1 in Rotterdam. ' + 'Both report to the head of operations.',
  },
  {
    id: 'release-history',
    title: 'Release history',
    text:
      'Version 2.1 "Heron" was published on 2025-07-22 and introduced bulk export for all report types. ' +
      'Then v2.2 "Juniper" was released on 2025-09-16 after a two-week public beta; it added single sign-on, ' +
      'audit logs and a rewritten job scheduler. A hotfix followed on 2025-09-30 to repair timezone handling ' +
      'in recurring jobs and in the nightly export queue. Finally v2.3 "Kestrel" was released on 2025-11-04 with ' +
      'usage-based billing, a new onboarding flow and faster dashboards.',
  },
];

/** A read-only virtual file system for the local `read_file` tool. */
export const FILES = {
  'logs/payments.log': [
    '09:14:02 INFO  payments: batch 771 started',
    '09:14:05 ERROR payments: card processor timeout',
    '09:14:06 WARN  payments: retry 1 after error',
    '09:14:09 ERROR payments: card processor timeout',
    '09:15:40 INFO  payments: batch 771 settled',
    '09:16:12 ERROR payments: ledger write rejected',
  ].join('\n'),
};
