/**
 * Reads a promptfoo output into one grid: the tests (rows), the output columns (a provider with a
 * prompt) and a cell per test and column, whatever the version wrote:
 * - results version 3 (0.5x and later) and its JSON Lines form (`-o x.jsonl`, the same rows one per
 *   line): each row has `testIdx`, `promptIdx` (the column), `testCase`, `provider`, `prompt`;
 *   rows are in completion order;
 * - results version 2 (to 0.9x): rows carry no test or column index, so the grid is read from
 *   `results.table` (`body[i].outputs[j]` for test i, column j of `head.prompts`), as promptfoo's
 *   evaluator fills it (rowIndex, colIndex).
 * Columns are named as promptfoo names them (`prompts[j].provider`: the provider's label, else its
 * id); when two columns have the same provider and prompt (0.43 wrote the id for both of two
 * labelled providers), the eval's `config.providers` names them, providers outer and prompts inner
 * as the evaluator loops.
 * - 0.2x (0.24.2's evaluator.js): the head's prompts have no `provider`; with several providers
 *   the display is `[<provider id>] <prompt>`; the evaluator loops prompts outer and providers
 *   inner; body rows have no `description` or `test`, only `vars` in the order of `head.vars`.
 *   Providers had no labels then: a label is only in the eval's `config.providers`, in order.
 */
import { isObj, type Obj, type Problems } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

/** One output column: a provider with a prompt. */
export interface PromptfooColumn {
  index: number;
  /** The provider's label, else its id (promptfoo's own column name). */
  provider: string;
  /** The provider's id when known (it may equal `provider`). */
  providerId: string | null;
  /** The prompt's label (promptfoo defaults it to the prompt's text); null when not written. */
  prompt: string | null;
}

export interface PromptfooTest {
  index: number;
  description: string | null;
  vars: Obj | null;
  /** The test's own `metadata` (promptfoo's `tests[].metadata`), for slices. */
  metadata: Obj | null;
}

/** One result: `row` is a version-3 row, or a version-2 table output (`table` true). */
export interface PromptfooCell {
  test: number;
  column: number;
  place: string;
  row: Obj;
  table: boolean;
}

export interface PromptfooGrid {
  layout: 'v3' | 'v2' | 'jsonl';
  columns: PromptfooColumn[];
  tests: Map<number, PromptfooTest>;
  cells: PromptfooCell[];
  /** The top-level object (JSON), for the eval id, timestamp and what else the summary keeps. */
  top: Obj | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const nonEmpty = (v: unknown): Obj | null => (isObj(v) && Object.keys(v).length > 0 ? v : null);
const idx = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

function providerOf(v: unknown): { id: string; label: string | null } | null {
  if (typeof v === 'string' && v !== '') return { id: v, label: null };
  if (isObj(v) && str(v['id']) !== null) return { id: v['id'] as string, label: str(v['label']) };
  return null;
}

/** Version 3 rows (JSON or JSON Lines) into the grid. */
export function gridOfRows(rows: { row: unknown; place: string }[], prompts: unknown, p: Problems): Omit<PromptfooGrid, 'layout' | 'top'> {
  const columns = new Map<number, PromptfooColumn>();
  const listed = Array.isArray(prompts) ? prompts : [];
  const tests = new Map<number, PromptfooTest>();
  const cells: PromptfooCell[] = [];
  for (const { row, place } of rows) {
    if (!isObj(row)) {
      p.add(place, null, 'a promptfoo result object', row);
      continue;
    }
    const test = idx(row['testIdx']);
    const column = idx(row['promptIdx']);
    const provider = providerOf(row['provider']);
    if (test === null) p.add(place, 'testIdx', 'the test index, an integer of at least 0', row['testIdx']);
    if (column === null) p.add(place, 'promptIdx', 'the column index, an integer of at least 0', row['promptIdx']);
    if (provider === null) p.add(place, 'provider', 'a provider id or {id, label}', row['provider']);
    if (test === null || column === null || provider === null) continue;
    const head = listed[column];
    const promptLabel = str(isObj(row['prompt']) ? row['prompt']['label'] : null) ?? str(isObj(head) ? head['label'] : null);
    if (!columns.has(column))
      columns.set(column, {
        index: column,
        provider: str(isObj(head) ? head['provider'] : null) ?? provider.label ?? provider.id,
        providerId: provider.id,
        prompt: promptLabel,
      });
    if (!tests.has(test)) {
      const tc = isObj(row['testCase']) ? row['testCase'] : {};
      const vars = isObj(tc['vars']) ? tc['vars'] : isObj(row['vars']) ? row['vars'] : null;
      tests.set(test, { index: test, description: str(tc['description']) ?? str(row['description']), vars, metadata: nonEmpty(tc['metadata']) });
    }
    cells.push({ test, column, place, row, table: false });
  }
  return { columns: [...columns.values()].sort((a, b) => a.index - b.index), tests, cells };
}

/** The providers of the eval's own config, in order: {id, label}. */
function configProviders(top: Obj): { id: string; label: string | null }[] {
  const config = isObj(top['config']) ? top['config'] : {};
  const list = config['providers'];
  if (!Array.isArray(list)) return [];
  return list.map((x) => providerOf(x) ?? { id: '', label: null });
}

/** Version 2: the table's grid; columns told apart by the config's providers where the table cannot. */
export function gridOfTable(top: Obj, table: Obj, p: Problems): Omit<PromptfooGrid, 'layout' | 'top'> {
  const head = isObj(table['head']) && Array.isArray(table['head']['prompts']) ? table['head']['prompts'] : null;
  const body = Array.isArray(table['body']) ? table['body'] : null;
  if (head === null || body === null) {
    p.add('$.results.table', null, "{head: {prompts: [...]}, body: [...]} (promptfoo's results version 2)", table);
    p.check();
    return { columns: [], tests: new Map(), cells: [] };
  }
  const old = head.every((h) => !isObj(h) || h['provider'] === undefined);
  const providers = configProviders(top);
  const columns: PromptfooColumn[] = head.map((h, j) => (old ? oldColumn(h, j, providers) : newColumn(h, j)));
  const key = (c: PromptfooColumn): string => `${c.provider}\u0000${c.prompt ?? ''}`;
  if (new Set(columns.map(key)).size < columns.length) relabel(columns, providers, old);
  for (const c of columns) {
    // The table names a labelled provider by its label: its id is in the config.
    const owners = providers.filter((o) => o.label !== null && o.label === c.provider);
    if (owners.length === 1 && c.providerId === c.provider) c.providerId = (owners[0] as { id: string }).id;
  }
  const tests = new Map<number, PromptfooTest>();
  const cells: PromptfooCell[] = [];
  body.forEach((row, i) => {
    const place = `$.results.table.body[${i}]`;
    if (!isObj(row) || !Array.isArray(row['outputs'])) return p.add(place, 'outputs', 'an array of outputs, one per column', isObj(row) ? row['outputs'] : row);
    const test = isObj(row['test']) ? row['test'] : {};
    tests.set(i, {
      index: i,
      description: str(row['description']) ?? str(test['description']),
      vars: isObj(test['vars']) ? test['vars'] : varsOfRow(table, row),
      metadata: nonEmpty(test['metadata']),
    });
    row['outputs'].forEach((out, j) => {
      if (j >= columns.length)
        return p.add(`${place}.outputs[${j}]`, null, `at most ${columns.length} outputs (the columns of $.results.table.head.prompts)`, out);
      if (!isObj(out)) return p.add(`${place}.outputs[${j}]`, null, 'an output object', out);
      cells.push({ test: i, column: j, place: `${place}.outputs[${j}]`, row: out, table: true });
    });
  });
  return { columns, tests, cells };
}

function newColumn(h: unknown, j: number): PromptfooColumn {
  return {
    index: j,
    provider: str(isObj(h) ? h['provider'] : null) ?? `column ${j}`,
    providerId: str(isObj(h) ? h['provider'] : null),
    prompt: str(isObj(h) ? (h['label'] ?? h['display']) : null),
  };
}

/** A 0.2x column: the provider from the display's `[<id>] ` prefix, else the config's only provider. */
function oldColumn(h: unknown, j: number, providers: { id: string; label: string | null }[]): PromptfooColumn {
  const display = str(isObj(h) ? h['display'] : null);
  const m = display === null ? null : /^\[([^\]]+)\] ([\s\S]*)$/.exec(display);
  const only = providers.length === 1 ? (providers[0] as { id: string; label: string | null }) : null;
  const id = m ? (m[1] as string) : (only?.id ?? null);
  return { index: j, provider: (m ? null : only?.label) ?? id ?? `column ${j}`, providerId: id, prompt: m ? (m[2] as string) : display };
}

/** 0.2x body rows: `vars` is the values in the order of `head.vars`. */
function varsOfRow(table: Obj, row: Obj): Obj | null {
  const names = isObj(table['head']) && Array.isArray(table['head']['vars']) ? table['head']['vars'] : null;
  const values = row['vars'];
  if (names === null || !Array.isArray(values) || values.length !== names.length) return null;
  return Object.fromEntries(names.map((n, k) => [String(n), values[k]]));
}

/**
 * Names columns that the table cannot tell apart from the config's providers: the evaluator loops
 * providers outer and prompts inner (0.2x: prompts outer, providers inner), so with k columns per
 * provider column j is provider ⌊j/k⌋ (0.2x: j mod the number of providers). Only when every
 * column's provider is that provider's id (nothing else is guessed).
 */
function relabel(columns: PromptfooColumn[], providers: { id: string; label: string | null }[], promptsOuter: boolean): void {
  if (providers.length === 0 || columns.length % providers.length !== 0) return;
  const per = columns.length / providers.length;
  const owner = (j: number): { id: string; label: string | null } =>
    providers[promptsOuter ? j % providers.length : Math.floor(j / per)] as { id: string; label: string | null };
  if (!columns.every((c, j) => c.provider === owner(j).id || c.provider === owner(j).label)) return;
  for (const c of columns) {
    const o = owner(c.index);
    c.providerId = o.id;
    c.provider = o.label ?? o.id;
  }
}

/** Lines of a JSON Lines output; promptfoo 0.6x–0.11x appended batches without a line break between them (`}{`). */
export function jsonlRows(source: Source, p: Problems): { row: unknown; place: string }[] {
  const rows: { row: unknown; place: string }[] = [];
  for (const { line, text } of source.lines()) {
    if (text.trim() === '') continue;
    for (const [k, part] of splitObjects(text).entries()) {
      const place = k === 0 ? `line ${line}` : `line ${line} (object ${k + 1})`;
      try {
        rows.push({ row: JSON.parse(part) as unknown, place });
      } catch {
        p.add(place, null, 'a JSON object (one promptfoo result per line)', part.length > 60 ? `${part.slice(0, 60)}…` : part);
      }
    }
  }
  return rows;
}

/** `{…}{…}` split into its objects (outside strings); a line with one object, or not JSON, is kept whole. */
export function splitObjects(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) {
        parts.push(text.slice(start, i + 1).trim());
        start = i + 1;
      }
    }
  }
  const rest = text.slice(start).trim();
  if (rest !== '' || parts.length === 0) return [text];
  return parts;
}
