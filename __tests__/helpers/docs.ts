/**
 * The documentation users read, as one text: README.md and every page under docs/. Tests that
 * check an example block (between `<!-- name-start -->` and `<!-- name-end -->`) find it wherever
 * it lives, so moving a section between pages keeps it tested.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The files, README first, then docs/*.md by name. */
export function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join(ROOT, 'docs', f));
  return [join(ROOT, 'README.md'), ...docs];
}

/** README.md and docs/*.md joined (each ends with a newline). */
export function readDocs(): string {
  return docFiles()
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}
