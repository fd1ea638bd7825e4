/**
 * The hosted connection page of a workspace link, as plain HTML: no script (the app's CSP allows
 * none inline), every value escaped. Pure functions, so the page can be checked without a server.
 */

import type { ConnectField } from '../connect/providers/connect-provider';

export interface ConnectPagePlatform {
  platform: string;
  label: string;
  method: 'oauth' | 'credentials';
  configured: boolean;
  /** Other sign-ins (Instagram through `facebook`, labelled Facebook). */
  signIns: Array<{ via: string; label: string }>;
  /** What the person types first (a Mastodon server, Bluesky or Telegram credentials). */
  fields: readonly ConnectField[];
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

function fieldInputs(p: ConnectPagePlatform): string {
  return p.fields
    .map((f) => {
      const id = escapeHtml(`${p.platform}-${f.name}`);
      const attributes = [
        `id="${id}"`,
        `name="${escapeHtml(f.name)}"`,
        `type="${f.type}"`,
        f.placeholder ? `placeholder="${escapeHtml(f.placeholder)}"` : '',
        f.autocomplete ? `autocomplete="${escapeHtml(f.autocomplete)}"` : '',
        f.required ? 'required' : '',
      ].filter(Boolean);
      return `<label for="${id}">${escapeHtml(f.label)}</label><input ${attributes.join(' ')}>`;
    })
    .join('');
}

/**
 * One platform: unavailable when not configured (no way to start it); a form when the provider
 * asks for values first (credentials are posted, an instance goes with the start); otherwise a
 * link per sign-in.
 */
function platformSection(p: ConnectPagePlatform): string {
  const label = escapeHtml(p.label);
  const heading = `<h2>${label}</h2>`;
  const path = encodeURIComponent(p.platform);
  if (!p.configured) return `<section aria-label="${label}">${heading}<p>Not available on this service yet.</p></section>`;
  if (p.method === 'credentials') {
    return `<section aria-label="${label}">${heading}<form method="post" action="/connect/link/credentials/${path}">${fieldInputs(p)}<button type="submit">Connect ${label}</button></form></section>`;
  }
  if (p.fields.length) {
    return `<section aria-label="${label}">${heading}<form method="get" action="/connect/link/start/${path}">${fieldInputs(p)}<button type="submit">Continue with ${label}</button></form></section>`;
  }
  const start = `/connect/link/start/${path}`;
  const others = p.signIns.map(
    (s) => ` <a class="button" href="${start}?via=${encodeURIComponent(s.via)}">Connect ${label} through ${escapeHtml(s.label)}</a>`,
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

/** A page with one link onward: the authorize address on the server the person typed, named by its host. */
export function renderContinuePage(label: string, href: string): string {
  return page(
    `Continue to ${label}`,
    `<h1>Continue to ${escapeHtml(label)}</h1><p><a class="button" href="${escapeHtml(href)}">Continue to ${escapeHtml(label)}</a></p>`,
  );
}
