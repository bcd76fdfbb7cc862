/**
 * The leaderboard in four forms: an aligned terminal table, markdown (every name from a summary
 * escaped with untrusted()), CSV (RFC 4180; a cell that a spreadsheet would run as a formula is
 * prefixed with a quote) and JSON. Unknown values are shown as unknown, never as 0.
 */
import type { GroupStats, Leaderboard, LeaderboardEntry } from '../history/leaderboard.js';
import { pyFixed } from '../stats/format.js';
import { csvField } from './csv-report.js';
import { table, untrusted } from './markdown/markdown.js';

const COLUMNS: readonly { head: string; get(e: LeaderboardEntry): string }[] = [
  { head: 'run', get: (e) => e.label },
  { head: 'strategy', get: (e) => e.strategy ?? '' },
  { head: 'model', get: (e) => e.model ?? '' },
  { head: 'preset', get: (e) => e.preset ?? '' },
  { head: 'cases', get: (e) => String(e.cases) },
  { head: 'reward', get: (e) => pyFixed(e.reward, 4) },
  { head: 'completion', get: (e) => `${pyFixed(e.completion_rate * 100, 1)}%` },
  { head: 'steps', get: (e) => (e.steps === null ? 'unknown' : pyFixed(e.steps, 2)) },
  { head: 'tokens', get: (e) => (e.tokens === null ? 'unknown' : String(e.tokens)) },
  { head: 'cost', get: (e) => (e.cost === null ? 'unknown' : `$${pyFixed(e.cost, 4)}`) },
  { head: 'duration', get: (e) => (e.duration === null ? 'unknown' : `${pyFixed(e.duration, 1)} s`) },
  { head: 'efficiency', get: (e) => (e.efficiency === null ? 'unknown' : pyFixed(e.efficiency, 4)) },
];
const TEXT_COLUMNS = 4;

const num = (x: number | null, digits = 4): string => (x === null ? 'unknown' : pyFixed(x, digits));
const statRow = (s: GroupStats): string[] => [
  s.group ?? '(none)',
  String(s.count),
  num(s.mean),
  num(s.median),
  num(s.sd),
  s.min === null ? 'unknown' : `${num(s.min)} – ${num(s.max)}`,
];
const STAT_HEAD = ['group', 'runs', 'mean', 'median', 'sd', 'range'];

function title(lb: Leaderboard): string {
  return `Leaderboard by ${lb.metric} (${lb.higherIsBetter ? 'higher' : 'lower'} is better), ${lb.entries.length} run${lb.entries.length === 1 ? '' : 's'}`;
}

function footer(lb: Leaderboard): string[] {
  return lb.excluded.map((x) => `${x.count} run${x.count === 1 ? '' : 's'} left out: ${x.filter}`);
}

/** Safe for a terminal: control and bidirectional characters shown as U+FFFD, one line. */
// eslint-disable-next-line no-control-regex
const plain = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '\ufffd');

/** Columns padded to one width; those `left` says are text go left, numbers right. */
function aligned(head: readonly string[], rows: readonly (readonly string[])[], left: (column: number) => boolean): string[] {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => [...(r[i] ?? '')].length)));
  const cell = (s: string, i: number): string => (left(i) ? s.padEnd(width[i] as number) : s.padStart(width[i] as number));
  return [head, ...rows].map((r) =>
    r
      .map((c, i) => cell(c, i))
      .join('  ')
      .trimEnd(),
  );
}

export function renderLeaderboardTable(lb: Leaderboard): string {
  const rows = lb.entries.map((e, i) => [String(i + 1), ...COLUMNS.map((c) => plain(c.get(e)))]);
  const out = [title(lb), '', ...aligned(['#', ...COLUMNS.map((c) => c.head)], rows, (i) => i >= 1 && i <= TEXT_COLUMNS)];
  out.push(
    '',
    `${lb.metric} by ${lb.groupBy ?? 'all runs'}:`,
    ...aligned(
      STAT_HEAD,
      lb.stats.map((s) => statRow(s).map(plain)),
      (i) => i === 0,
    ),
  );
  return `${[...out, ...(footer(lb).length ? ['', ...footer(lb)] : [])].join('\n')}\n`;
}

export function renderLeaderboardMarkdown(lb: Leaderboard): string {
  const esc = (s: string): string => (s === '' ? '' : untrusted(s, { inTable: true, maxLength: 80 }));
  const rows = lb.entries.map((e, i) => [String(i + 1), ...COLUMNS.map((c, k) => (k < TEXT_COLUMNS ? esc(c.get(e)) : c.get(e)))]);
  const align = ['right', ...COLUMNS.map((_, k) => (k < TEXT_COLUMNS ? 'left' : 'right'))] as const;
  const stats = lb.stats.map((s) => [s.group === null ? (lb.groupBy === null ? 'all runs' : '*(none)*') : esc(s.group), ...statRow(s).slice(1)]);
  return [
    `### ${title(lb)}`,
    '',
    ...table(['#', ...COLUMNS.map((c) => c.head)], align, rows),
    '',
    `**${lb.metric}** by ${lb.groupBy ?? 'all runs'}`,
    '',
    ...table(STAT_HEAD, ['left', 'right', 'right', 'right', 'right', 'right'], stats),
    '',
    ...footer(lb).map((l) => `*${l}*`),
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
}

/** A CSV cell a spreadsheet would take as a formula (=, +, -, @, tab, CR) starts with a quote. */
const guard = (s: string): string => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function renderLeaderboardCsv(lb: Leaderboard): string {
  const head = [
    'rank',
    'run',
    'file',
    'strategy',
    'model',
    'preset',
    'mode',
    'started_at',
    'cases',
    'reward',
    'completion_rate',
    'steps',
    'tokens',
    'cost',
    'duration',
    'efficiency',
  ];
  const cell = (v: string | number | null): string => (v === null ? '' : typeof v === 'number' ? String(v) : csvField(guard(v)));
  const rows = lb.entries.map((e, i) =>
    [
      i + 1,
      e.label,
      e.file,
      e.strategy,
      e.model,
      e.preset,
      e.mode,
      e.started_at,
      e.cases,
      e.reward,
      e.completion_rate,
      e.steps,
      e.tokens,
      e.cost,
      e.duration,
      e.efficiency,
    ]
      .map(cell)
      .join(','),
  );
  return `${[head.join(','), ...rows].join('\r\n')}\r\n`;
}

export function renderLeaderboardJson(lb: Leaderboard): string {
  return `${JSON.stringify({ metric: lb.metric, higher_is_better: lb.higherIsBetter, group_by: lb.groupBy, entries: lb.entries.map((e, i) => ({ rank: i + 1, ...e })), stats: lb.stats, excluded: lb.excluded }, null, 2)}\n`;
}

export const LEADERBOARD_RENDERERS: Record<'table' | 'markdown' | 'csv' | 'json', (lb: Leaderboard) => string> = {
  table: renderLeaderboardTable,
  markdown: renderLeaderboardMarkdown,
  csv: renderLeaderboardCsv,
  json: renderLeaderboardJson,
};
