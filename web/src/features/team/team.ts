import type { TeamInvitesQuery, TeamMembersQuery } from '../../gql/graphql';

export type TeamMember = TeamMembersQuery['teamMembers'][number];
export type TeamInvite = TeamInvitesQuery['teamInvites'][number];

/** The roles a member can have (the owner is the account itself: docs/teams.md), most rights first. */
export const MEMBER_ROLES = [
  { value: 'admin', label: 'Admin' },
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];

/** A person as the page names them: the name and the address, or the address. */
export const memberName = (m: Pick<TeamMember, 'displayName' | 'email'>) => (m.displayName ? `${m.displayName} (${m.email})` : m.email);

/** What the service answered an invitation with: the link, shown this once. */
export interface CreatedInvite {
  email: string;
  role: string;
  expiresAt: string;
  link: string;
  emailed: boolean;
}
