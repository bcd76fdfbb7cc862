/**
 * Joining many rendered lines into report text. Long reports (100,000 case rows) are built from
 * strings in pieces; how they are joined decides how much the garbage collector copies.
 */

/** Lines per batch of {@link joinLines}. */
const BATCH = 1000;

/**
 * `items.map(render).join('\n')` for long lists, in batches of flat text: each rendered line is a
 * chain of string pieces, and a whole list of them held at once would survive several young-generation
 * collections, which copy every piece each time.
 */
export function joinLines<T>(items: Iterable<T>, render: (item: T) => string): string {
  const batches: string[] = [];
  let batch: string[] = [];
  for (const item of items) {
    batch.push(render(item));
    if (batch.length === BATCH) {
      batches.push(batch.join('\n'));
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch.join('\n'));
  return batches.join('\n');
}
