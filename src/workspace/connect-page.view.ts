/**
 * The hosted connection page of a workspace link, as plain HTML: no script (the app's CSP allows
 * none inline), every value escaped. Pure functions, so the page can be checked without a server.
 */

export interface ConnectPagePlatform {
  platform: string;
  label: string;
  method: 'oauth' | 'credentials';
  configured: boolean;
  /** Other sign-ins (Instagram through `facebook`). */
  via: string[];
}

export interface ConnectPageModel {
  name: string;
  expiresAt: Date;
  platforms: ConnectPagePlatform[];
  connections: Array<{ platform: string; username: string }>;
  /** The outcome of the last step (from the callback's query): a notice or an error. */
  notice?: string;
  error?: string;
  pending?: { id: string; platform: string; accounts: Array<{ externalId: string; username: string; displayName: string | null; kind: string }> };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}
h1{font-size:1.5rem}section{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}
label{display:block;margin:.5rem 0 .25rem}input[type=text],input[type=password],input[type=url]{width:100%;padding:.4rem;box-sizing:border-box}
button,a.button{display:inline-block;margin-top:.5rem;padding:.4rem .9rem;border-radius:6px;border:1px solid #1864ab;background:#1864ab;color:#fff;text-decoration:none;font-size:1rem}
form div label{display:inline;margin-left:.4rem}
.notice{background:#ebfbee;padding:.5rem 1rem;border-radius:6px}.error{background:#fff5f5;padding:.5rem 1rem;border-radius:6px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** 410: the link expired, was replaced, or its user left the workspace. */
export function renderGonePage(message: string): string {
  return page('Link no longer valid', `<h1>Link no longer valid</h1><p role="alert">${escapeHtml(message)}</p>`);
}

function platformSection(p: ConnectPagePlatform): string {
  const label = escapeHtml(p.label);
  const heading = `<h2>${label}</h2>`;
  if (!p.configured) return `<section aria-label="${label}">${heading}<p>Not available on this service yet.</p></section>`;
  if (p.platform === 'mastodon') {
    return `<section aria-label="${label}">${heading}<form method="get" action="/connect/link/start/mastodon"><label for="instanceUrl">Your Mastodon server</label><input id="instanceUrl" name="instanceUrl" type="url" placeholder="https://mastodon.social" required><button type="submit">Continue with Mastodon</button></form></section>`;
  }
  if (p.platform === 'bluesky') {
    return `<section aria-label="${label}">${heading}<form method="post" action="/connect/link/credentials/bluesky"><label for="bsky-handle">Handle</label><input id="bsky-handle" name="identifier" type="text" autocomplete="username" required><label for="bsky-password">App password</label><input id="bsky-password" name="secret" type="password" autocomplete="off" required><label for="bsky-service">Service URL (optional)</label><input id="bsky-service" name="serviceUrl" type="url" placeholder="https://bsky.social"><button type="submit">Connect Bluesky</button></form></section>`;
  }
  if (p.platform === 'telegram') {
    return `<section aria-label="${label}">${heading}<form method="post" action="/connect/link/credentials/telegram"><label for="tg-token">Bot token</label><input id="tg-token" name="secret" type="password" autocomplete="off" required><label for="tg-chat">Channel or chat id</label><input id="tg-chat" name="chatId" type="text" required><button type="submit">Connect Telegram</button></form></section>`;
  }
  const start = `/connect/link/start/${encodeURIComponent(p.platform)}`;
  const others = p.via.map(
    (via) =>
      ` <a class="button" href="${start}?via=${encodeURIComponent(via)}">Connect ${label} through ${escapeHtml(via === 'facebook' ? 'Facebook' : via)}</a>`,
  );
  return `<section aria-label="${label}">${heading}<a class="button" href="${start}">Connect ${label}</a>${others.join('')}</section>`;
}

function pendingSection(pending: NonNullable<ConnectPageModel['pending']>): string {
  const items = pending.accounts
    .map((a, i) => {
      const id = `account-${i}`;
      const name = escapeHtml(a.displayName ? `${a.displayName} (${a.username})` : a.username);
      return `<div><input id="${id}" type="checkbox" name="externalIds" value="${escapeHtml(a.externalId)}"><label for="${id}">${name} — ${escapeHtml(a.kind)}</label></div>`;
    })
    .join('');
  return `<section aria-label="Choose accounts"><h2>Choose which accounts to connect</h2><form method="post" action="/connect/link/pending/${encodeURIComponent(pending.id)}">${items}<button type="submit">Connect the chosen accounts</button></form></section>`;
}

export function renderConnectPage(model: ConnectPageModel): string {
  const parts = [
    `<h1>Connect your accounts</h1>`,
    `<p>For <strong>${escapeHtml(model.name)}</strong>. This link works until ${escapeHtml(model.expiresAt.toUTCString())}.</p>`,
  ];
  if (model.notice) parts.push(`<p class="notice" role="status">${escapeHtml(model.notice)}</p>`);
  if (model.error) parts.push(`<p class="error" role="alert">${escapeHtml(model.error)}</p>`);
  if (model.pending) parts.push(pendingSection(model.pending));
  const connected = model.connections.length
    ? `<ul>${model.connections.map((c) => `<li>${escapeHtml(c.platform)}: ${escapeHtml(c.username)}</li>`).join('')}</ul>`
    : '<p>No accounts connected yet.</p>';
  parts.push(`<section aria-label="Connected accounts"><h2>Connected accounts</h2>${connected}</section>`);
  parts.push(...model.platforms.map(platformSection));
  return page('Connect your accounts', parts.join(''));
}

/** A page with one link onward (Mastodon: the authorize address of the server the person typed). */
export function renderContinuePage(label: string, href: string): string {
  return page(
    `Continue to ${label}`,
    `<h1>Continue to ${escapeHtml(label)}</h1><p><a class="button" href="${escapeHtml(href)}">Continue to ${escapeHtml(label)}</a></p>`,
  );
}
