/**
 * The review page a link opens, as plain HTML: no script (the app's CSP allows none inline),
 * every value escaped. Each network's preview uses the publisher's own text plan
 * (planThreadParts), so the reviewer sees the parts each network will get.
 */
import { PLATFORM_CONTENT_RULES, planThreadParts, type PlatformContentRules } from '@app/rules';
import { escapeHtml } from '../workspace/connect-page.view';

export interface ReviewPageModel {
  accountName: string;
  expiresAt: Date;
  status: string;
  scheduledTime: Date | null;
  approvalState: string | null;
  mediaUrls: string[];
  posts: Array<{ platform: string; platformId: string; content: string; firstComment: string | null }>;
  decisions: Array<{ at: Date; decision: string; comment: string | null; name: string | null }>;
  notice?: string;
  error?: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .5rem}section,article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}
label{display:block;margin:.5rem 0 .25rem}input[type=text],textarea{width:100%;padding:.4rem;box-sizing:border-box;font:inherit}
button{margin:.5rem .5rem 0 0;padding:.4rem .9rem;border-radius:6px;border:1px solid #1864ab;background:#1864ab;color:#fff;font-size:1rem}
button.secondary{background:#fff;color:#1864ab}img{max-width:100%;max-height:12rem}.meta{color:#495057;font-size:.9rem}
.notice{background:#ebfbee;padding:.5rem 1rem;border-radius:6px}.error{background:#fff5f5;padding:.5rem 1rem;border-radius:6px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderReviewGonePage(message: string): string {
  return page('Review link no longer valid', `<h1>Review link no longer valid</h1><p role="alert">${escapeHtml(message)}</p>`);
}

const rulesOf = (platform: string): PlatformContentRules | undefined => (PLATFORM_CONTENT_RULES as Record<string, PlatformContentRules | undefined>)[platform];

function preview(p: ReviewPageModel['posts'][number], mediaUrls: string[]): string {
  const rules = rulesOf(p.platform);
  const label = rules?.label ?? p.platform;
  const parts = rules ? planThreadParts(rules, p.content) : [p.content];
  const text =
    parts.length > 1
      ? `<ol aria-label="Posts of the reply chain on ${escapeHtml(label)}">${parts.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ol>`
      : `<p>${escapeHtml(parts[0])}</p>`;
  const media = mediaUrls.length
    ? `<p><img src="${escapeHtml(mediaUrls[0])}" alt="First image of the post on ${escapeHtml(label)}">${mediaUrls.length > 1 ? ` <span class="meta">and ${mediaUrls.length - 1} more</span>` : ''}</p>`
    : '';
  const comment = p.firstComment ? `<p class="meta">First comment: ${escapeHtml(p.firstComment)}</p>` : '';
  return `<article aria-label="Preview on ${escapeHtml(label)} (${escapeHtml(p.platformId)})"><h2>${escapeHtml(label)} <span class="meta">${escapeHtml(p.platformId)}</span></h2>${text}${media}${comment}</article>`;
}

export function renderReviewPage(m: ReviewPageModel): string {
  const when = m.scheduledTime ? `planned for ${m.scheduledTime.toISOString().replace('.000Z', 'Z')}` : 'not scheduled yet';
  const approval = m.approvalState ? `; team approval: ${m.approvalState}` : '';
  const history = m.decisions.length
    ? `<section aria-labelledby="history"><h2 id="history">What reviewers said</h2><ul>${m.decisions
        .map(
          (d) =>
            `<li>${escapeHtml(d.name ?? 'A reviewer')} ${d.decision === 'approved' ? 'approved' : 'commented'} on ${escapeHtml(d.at.toISOString())}${d.comment ? `: ${escapeHtml(d.comment)}` : ''}</li>`,
        )
        .join('')}</ul></section>`
    : '';
  const body = `<h1>Review a post for ${escapeHtml(m.accountName)}</h1>
<p class="meta">Status: ${escapeHtml(m.status)}, ${escapeHtml(when)}${escapeHtml(approval)}. This link works until ${escapeHtml(m.expiresAt.toISOString())}.</p>
${m.notice ? `<p class="notice" role="status">${escapeHtml(m.notice)}</p>` : ''}${m.error ? `<p class="error" role="alert">${escapeHtml(m.error)}</p>` : ''}
${m.posts.map((p) => preview(p, m.mediaUrls)).join('\n')}
<section aria-labelledby="decide"><h2 id="decide">Your review</h2>
<form method="post" action="/review/post/decision">
<label for="name">Your name (optional)</label><input id="name" name="name" type="text" maxlength="100" autocomplete="name">
<label for="comment">Comment</label><textarea id="comment" name="comment" rows="4" maxlength="2000"></textarea>
<button type="submit" name="decision" value="approved">Approve</button><button type="submit" class="secondary" name="decision" value="commented">Send comment</button>
</form></section>
${history}`;
  return page('Review a post', body);
}
