// HTTP plumbing for the results service double: bounded body reading, replies, JSON errors.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body the double accepts (a block is at most 8 MiB; leave room). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** An error answered as JSON with this status. `code` follows Twirp's error codes. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface Fault {
  remaining: number;
  status: number;
  msg: string;
}

export interface Reply {
  status: number;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'resource_exhausted', `body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { 'x-ms-request-id': 'double', ...reply.headers };
  let body = reply.body ?? Buffer.alloc(0);
  if (reply.json !== undefined) {
    body = Buffer.from(JSON.stringify(reply.json));
    headers['content-type'] = 'application/json';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(reply.status, headers).end(body);
}
