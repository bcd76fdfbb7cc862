// The contents and git database endpoints of the GitHub API double (state in github-api-git.ts),
// spelled as in GitHub's OpenAPI description. `{path}` matches one path segment: the files the double
// serves sit at the top of their branch.
import { commitJson, fileJson, refJson } from './github-api-git.js';
import type { Route, RouteContext } from './github-api-routes.js';

const R = '/repos/{owner}/{repo}';
const READ = 'contents=read';
const WRITE = 'contents=write';
const param = (ctx: RouteContext, name: string): string => ctx.params[name] ?? '';
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const GIT_ROUTES: Route[] = [
  {
    method: 'GET',
    template: `${R}/contents/{path}`,
    permissions: READ,
    handle: (ctx) => {
      const ref = ctx.query.get('ref');
      const file = ctx.state.git.read(ref, param(ctx, 'path'));
      return {
        status: 200,
        body: fileJson(ctx.site, param(ctx, 'path'), file.sha, file.bytes, (ref ?? ctx.state.git.defaultBranch).replace(/^refs\/heads\//, '')),
      };
    },
  },
  {
    method: 'PUT',
    template: `${R}/contents/{path}`,
    permissions: WRITE,
    handle: (ctx) => {
      const path = param(ctx, 'path');
      const branch = str(ctx.body['branch']) ?? ctx.state.git.defaultBranch;
      const bytes = Buffer.from(str(ctx.body['content']) ?? '', 'base64');
      const sha = str(ctx.body['sha']);
      const done = ctx.state.git.put(branch, path, bytes, str(ctx.body['message']) ?? '', sha === undefined ? {} : { sha });
      // The file as GET shows it, without its content and encoding.
      const content: Record<string, unknown> = fileJson(ctx.site, path, done.blob, bytes, branch);
      delete content['content'];
      delete content['encoding'];
      return { status: done.created ? 201 : 200, body: { content, commit: commitJson(ctx.site, done.commit) } };
    },
  },
  {
    method: 'GET',
    template: `${R}/git/ref/{ref}`,
    permissions: READ,
    handle: (ctx) => {
      const found = ctx.state.git.getRef(param(ctx, 'ref'));
      return { status: 200, body: refJson(ctx.site, found.ref, found.sha) };
    },
  },
  {
    method: 'POST',
    template: `${R}/git/refs`,
    permissions: WRITE,
    handle: (ctx) => {
      const ref = str(ctx.body['ref']) ?? '';
      const sha = str(ctx.body['sha']) ?? '';
      ctx.state.git.createRef(ref, sha);
      return { status: 201, body: refJson(ctx.site, ref, sha) };
    },
  },
  {
    method: 'POST',
    template: `${R}/git/trees`,
    permissions: WRITE,
    handle: (ctx) => {
      const entries = Array.isArray(ctx.body['tree']) ? (ctx.body['tree'] as Parameters<typeof ctx.state.git.createTree>[0]) : [];
      const tree = ctx.state.git.createTree(entries, str(ctx.body['base_tree']));
      const api = `${ctx.site.api}/repos/${ctx.site.owner}/${ctx.site.repo}/git`;
      return {
        status: 201,
        body: {
          sha: tree.sha,
          url: `${api}/trees/${tree.sha}`,
          truncated: false,
          tree: [...tree.entries].map(([path, sha]) => ({
            path,
            mode: '100644',
            type: 'blob',
            sha,
            size: ctx.state.git.blob(sha).length,
            url: `${api}/blobs/${sha}`,
          })),
        },
      };
    },
  },
  {
    method: 'POST',
    template: `${R}/git/commits`,
    permissions: WRITE,
    handle: (ctx) => {
      const parents = Array.isArray(ctx.body['parents']) ? (ctx.body['parents'] as string[]) : [];
      return { status: 201, body: commitJson(ctx.site, ctx.state.git.createCommit(str(ctx.body['message']) ?? '', str(ctx.body['tree']) ?? '', parents)) };
    },
  },
  {
    method: 'GET',
    template: `${R}/git/blobs/{file_sha}`,
    permissions: READ,
    handle: (ctx) => {
      const sha = param(ctx, 'file_sha');
      const bytes = ctx.state.git.blob(sha);
      return {
        status: 200,
        body: {
          content: bytes.toString('base64'),
          encoding: 'base64',
          url: `${ctx.site.api}/repos/${ctx.site.owner}/${ctx.site.repo}/git/blobs/${sha}`,
          sha,
          size: bytes.length,
          node_id: Buffer.from(`B_${sha}`).toString('base64url'),
        },
      };
    },
  },
];
