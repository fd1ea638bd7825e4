import type { AuditActorKeysQuery, AuditActorsQuery, AuditEntriesQuery } from '../../gql/graphql';
import { formatDateTime } from '../../ui/format';

/** An entry as the page shows it: the entries read, with the actor joined from the other two reads. */
export type AuditEntry = AuditEntriesQuery['auditLog']['entries'][number] & { actor: AuditActor | null };
export type AuditActor = AuditActorsQuery['auditLog']['entries'][number]['actor'] & AuditActorKeysQuery['auditLog']['entries'][number]['actor'];

export const PAGE_SIZE = 20;

/** The actions docs/audit.md documents, grouped as it lists them, in the dashboard's words. */
export const AUDIT_ACTIONS: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [
  {
    group: 'Posts',
    items: [
      { value: 'post.created', label: 'Post created' },
      { value: 'post.updated', label: 'Post updated' },
      { value: 'post.deleted', label: 'Post deleted' },
      { value: 'post.published', label: 'Post published' },
      { value: 'post.failed', label: 'Publishing failed' },
      { value: 'post.retried', label: 'Post retried' },
      { value: 'post.unpublished', label: 'Post unpublished' },
    ],
  },
  {
    group: 'Approval and review',
    items: [
      { value: 'post.approval_requested', label: 'Approval requested' },
      { value: 'post.approved', label: 'Post approved' },
      { value: 'post.rejected', label: 'Post rejected' },
      { value: 'review_link.created', label: 'Review link created' },
      { value: 'review_link.revoked', label: 'Review link revoked' },
      { value: 'post.review_approved', label: 'Reviewer approved' },
      { value: 'post.review_commented', label: 'Reviewer commented' },
    ],
  },
  {
    group: 'Accounts, keys and webhooks',
    items: [
      { value: 'auth.signed_in', label: 'Signed in' },
      { value: 'api_key.created', label: 'API key created' },
      { value: 'api_key.revoked', label: 'API key revoked' },
      { value: 'connection.created', label: 'Account connected' },
      { value: 'connection.deleted', label: 'Account disconnected' },
      { value: 'webhook.created', label: 'Webhook created' },
      { value: 'webhook.updated', label: 'Webhook updated' },
      { value: 'webhook.deleted', label: 'Webhook deleted' },
      { value: 'webhook.secret_regenerated', label: 'Webhook secret regenerated' },
    ],
  },
  {
    group: 'Team',
    items: [
      { value: 'team.invite_sent', label: 'Invitation sent' },
      { value: 'team.invite_revoked', label: 'Invitation revoked' },
      { value: 'team.invite_accepted', label: 'Invitation accepted' },
      { value: 'team.role_changed', label: 'Role changed' },
      { value: 'team.member_removed', label: 'Member removed' },
      { value: 'team.member_left', label: 'Member left' },
      { value: 'team.approval_setting_changed', label: 'Approval setting changed' },
    ],
  },
];

const ACTION_WORDS = new Map(AUDIT_ACTIONS.flatMap((g) => g.items.map((i) => [i.value, i.label] as const)));

/** An action in words ("Post created"); one the dashboard does not know yet, from its own name. */
export function actionWords(action: string): string {
  const known = ACTION_WORDS.get(action);
  if (known) return known;
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The service's actor types (docs/audit.md), as the actor filter offers them. */
export const ACTOR_TYPES = [
  { value: 'owner', label: 'Account owner' },
  { value: 'member', label: 'Team member' },
  { value: 'api_key', label: 'API key' },
  { value: 'mcp', label: 'MCP client' },
  { value: 'review_link', label: 'Review link visitor' },
  { value: 'system', label: 'System' },
];

/** Who acted, in words: "alice@example.com (member, editor)", "API key sk_abc…", "System". */
export function actorWords(actor: AuditActor | null): string {
  if (!actor) return 'Unknown';
  switch (actor.type) {
    case 'owner':
      return `${actor.email ?? 'The owner'} (owner)`;
    case 'member':
      return `${actor.email ?? 'A member'} (member${actor.role ? `, ${actor.role}` : ''})`;
    case 'api_key':
      return actor.keyPrefix ? `API key ${actor.keyPrefix}…` : 'API key';
    case 'mcp':
      return actor.keyPrefix ? `MCP client ${actor.keyPrefix}…` : 'MCP client';
    case 'review_link':
      return actor.name ? `Review link visitor ${actor.name}` : 'Review link visitor (no name given)';
    case 'system':
      return 'System';
    default:
      return actor.type;
  }
}

const TARGET_WORDS: Record<string, string> = {
  post_group: 'Post',
  connection: 'Account',
  api_key: 'API key',
  webhook: 'Webhook',
  member: 'Member',
  invite: 'Invitation',
  account: 'Account',
  review_link: 'Review link',
};

/** What an entry is about: `{ type, id }` (docs/audit.md), or null. */
export function targetOf(target: unknown): { kind: string; id: string } | null {
  if (!target || typeof target !== 'object') return null;
  const { type, id } = target as { type?: unknown; id?: unknown };
  if (typeof type !== 'string') return null;
  return { kind: TARGET_WORDS[type] ?? type, id: typeof id === 'string' ? id : '' };
}

const DETAIL_WORDS: Record<string, string> = {
  ip: 'IP',
  name: 'Name',
  keyPrefix: 'Key prefix',
  platform: 'Platform',
  fields: 'Changed',
  status: 'Status',
  comment: 'Comment',
  url: 'URL',
  events: 'Events',
  email: 'Email',
  role: 'Role',
  requireApproval: 'Approval required',
  linkId: 'Link',
  expiresAt: 'Expires',
};

function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value === 'string') return key === 'expiresAt' ? formatDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** An entry's details as label and value pairs, in the order the service wrote them. */
export function detailPairs(details: unknown): Array<{ label: string; value: string }> {
  if (!details || typeof details !== 'object') return [];
  return Object.entries(details as Record<string, unknown>).map(([key, value]) => ({ label: DETAIL_WORDS[key] ?? key, value: detailValue(key, value) }));
}

/** The filters as the person chooses them: '' for none; days as `YYYY-MM-DD` in their time zone. */
export interface AuditFilterValues {
  action: string;
  actorType: string;
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: AuditFilterValues = { action: '', actorType: '', fromDay: '', toDay: '' };

export const isFiltered = (f: AuditFilterValues) => !!(f.action || f.actorType || f.fromDay || f.toDay);

/** A `YYYY-MM-DD` day's first or last millisecond in the person's time zone, as an ISO instant. */
function dayEdge(day: string, edge: 'start' | 'end'): string {
  const [y, m, d] = day.split('-').map(Number);
  return (edge === 'start' ? new Date(y, m - 1, d) : new Date(y, m - 1, d, 23, 59, 59, 999)).toISOString();
}

/** The variables of the three reads: one page, the filters set, the days whole (both included). */
export function auditVariables(f: AuditFilterValues, page: number) {
  return {
    page,
    limit: PAGE_SIZE,
    ...(f.action ? { action: f.action } : {}),
    ...(f.actorType ? { actorType: f.actorType } : {}),
    ...(f.fromDay ? { from: dayEdge(f.fromDay, 'start') } : {}),
    ...(f.toDay ? { to: dayEdge(f.toDay, 'end') } : {}),
  };
}
