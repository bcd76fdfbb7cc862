/**
 * The `issue_comment` event a command to benchgate arrives in (GitHub's webhook payload for
 * issue_comment: `action` created, edited or deleted; `issue`, whose `pull_request` is present only
 * on a pull request's conversation; `comment` with its id, body and author). Every field is checked
 * for its shape; the body is the commenter's text, untrusted. A workflow on issue_comment runs the
 * default branch's workflow file and code (GitHub's "Events that trigger workflows": issue_comment,
 * GITHUB_SHA the last commit on the default branch), never the pull request's.
 */
import { z } from 'zod';

const User = z.object({ login: z.string().min(1).max(100), type: z.string().optional() });

export const IssueCommentEvent = z.object({
  action: z.enum(['created', 'edited', 'deleted']),
  issue: z.object({
    number: z.number().int().positive(),
    pull_request: z.object({}).passthrough().optional(),
    user: User.optional(),
  }),
  comment: z.object({
    id: z.number().int().positive(),
    body: z.string().nullable().default(''),
    user: User,
    html_url: z.string().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  }),
});
export type IssueComment = z.infer<typeof IssueCommentEvent>;

/** The event's comment, or a reason it is not one benchgate reads. */
export function commentEventOf(event: unknown): { comment: IssueComment } | { skip: string } {
  const parsed = IssueCommentEvent.safeParse(event);
  if (!parsed.success)
    return { skip: 'the issue_comment event payload lacks the fields benchgate needs (action, issue.number, comment.id, comment.body, comment.user.login)' };
  if (parsed.data.issue.pull_request === undefined) return { skip: `#${parsed.data.issue.number} is an issue, not a pull request` };
  return { comment: parsed.data };
}
