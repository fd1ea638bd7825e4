import type { ReviewLinksQuery } from '../../gql/graphql';
import { formatDateTime } from '../../ui/format';

export type ReviewLink = ReviewLinksQuery['reviewLinks'][number];
export type ReviewDecision = ReviewLink['decisions'][number];

/** How long a new link works (the service takes 1 to 720 hours; 72 is its default). */
export const REVIEW_LINK_EXPIRY = [
  { label: '1 day', value: '24' },
  { label: '3 days', value: '72' },
  { label: '7 days', value: '168' },
  { label: '30 days', value: '720' },
];
export const DEFAULT_REVIEW_LINK_EXPIRY = '72';

/** A link's state in words: active until, revoked when, or expired when. */
export function reviewLinkState(link: ReviewLink): string {
  if (link.revokedAt) return `Revoked ${formatDateTime(link.revokedAt)}`;
  if (!link.active) return `Expired ${formatDateTime(link.expiresAt)}`;
  return `Active until ${formatDateTime(link.expiresAt)}`;
}

/** What a reviewer said: "Carla approved: Looks good", "A reviewer commented: …". */
export function decisionWords(d: ReviewDecision): string {
  const who = d.name?.trim() || 'A reviewer';
  const did = d.decision === 'approved' ? 'approved' : d.decision === 'commented' ? 'commented' : d.decision;
  return d.comment ? `${who} ${did}: ${d.comment}` : `${who} ${did}`;
}
