// Writes small zip archives for the tests (the .eval logs of Inspect AI): entries stored (0),
// deflated (8) or given already compressed with another method, with the sizes the caller chooses
// so broken archives can be made too.
import { createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Buffer | string;
  /** 0 stored, 8 deflate (default), or another method with `data` already compressed and `size` given. */
  method?: number;
  /** The uncompressed size written in the headers (default: the data's). */
  size?: number;
  /** The entry's body as stored, already compressed with `method` (default 8); `data` is then ignored and `size` required. */
  body?: Buffer;
  /** A Unix st_mode (0o120777 a symbolic link): written as made on Unix, in the external attributes (APPNOTE.TXT 4.4.2, 4.4.15). */
  unixMode?: number;
}

/**
 * A zip of one deflated entry of `bytes` zeros, its headers honest: a zip bomb (257 MiB is about
 * 260 KB zipped). Deflated in 1 MiB writes, so the zeros are never held whole.
 */
export async function zipBomb(name: string, bytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const parts: Buffer[] = [];
  const deflate = createDeflateRaw();
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let left = bytes; left > 0; left -= chunk.length) deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  deflate.end();
  await done;
  return zip([{ name, data: '', body: Buffer.concat(parts), size: bytes }]);
}

export function zip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const method = e.method ?? 8;
    const body = e.body ?? (method === 8 ? deflateRawSync(raw) : raw);
    const size = e.size ?? raw.length;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    if (e.unixMode !== undefined) central.writeUInt32LE((e.unixMode << 16) >>> 0, 38);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
