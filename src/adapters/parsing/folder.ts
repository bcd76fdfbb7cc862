/**
 * What the readers of run folders share (a SWE-bench evaluation log folder, a tau2-bench run
 * folder, a Harbor job folder): the folder's subfolders and files by name, whether a file is there,
 * and a file's JSON or text with the errors of read-json.ts (each names the file). A folder that
 * cannot be listed is an InputError naming it, never a stack trace.
 */
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { InputError } from '../../errors.js';
import { describeFsError, readJsonFile, readTextFile } from './read-json.js';

function listOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    throw new InputError(`${dir}: ${describeFsError(err)}`);
  }
}

/** Whether a directory entry is a folder (a symbolic link to one counts: the tools follow them). */
function isFolder(dir: string, e: Dirent): boolean {
  if (e.isDirectory()) return true;
  if (!e.isSymbolicLink()) return false;
  try {
    return statSync(join(dir, e.name)).isDirectory();
  } catch {
    return false;
  }
}

/** The names of the folders in `dir`, sorted. */
export function subfolders(dir: string): string[] {
  return listOf(dir)
    .filter((e) => isFolder(dir, e))
    .map((e) => e.name)
    .sort();
}

/** The names of the regular files (or links to them) in `dir`, sorted. */
export function filesIn(dir: string): string[] {
  return listOf(dir)
    .filter((e) => !isFolder(dir, e))
    .map((e) => e.name)
    .sort();
}

/** Whether `dir/name` is a regular file (a missing or unreadable one is not). */
export function hasFile(dir: string, name: string): boolean {
  try {
    return statSync(join(dir, name)).isFile();
  } catch {
    return false;
  }
}

/** Whether `dir/name` is a folder. */
export function hasFolder(dir: string, name: string): boolean {
  try {
    return statSync(join(dir, name)).isDirectory();
  } catch {
    return false;
  }
}

/** The parsed JSON of `dir/name`; an InputError naming the file when it cannot be read or parsed. */
export function jsonIn(dir: string, name: string): unknown {
  return readJsonFile(join(dir, name));
}

/** The text of `dir/name`, or null when there is no such file. */
export function textIn(dir: string, name: string): string | null {
  return hasFile(dir, name) ? readTextFile(join(dir, name)) : null;
}
