import { useQuery } from 'urql';
import type { TeamContextQuery as TeamContextData } from '../gql/graphql';
import { TeamContextQuery } from './session.documents';

/** A person's role in the account they act in (docs/teams.md): the owner, or a member's role. */
export type TeamRole = 'owner' | 'admin' | 'editor' | 'viewer';

export type TeamContext = TeamContextData['teamContext'];
export type AccountChoice = TeamContext['accounts'][number];

const RANK: Record<TeamRole, number> = { viewer: 1, editor: 2, admin: 3, owner: 4 };

/** A role as the dashboard writes it ("Editor"). */
export const roleLabel = (role: string): string => (role ? role[0].toUpperCase() + role.slice(1) : role);

/** What each role may do, in the words of docs/teams.md ("Editors may …"). */
export const ROLE_WORDS: Record<TeamRole, string> = {
  owner: 'do everything: it is their account',
  admin: 'do everything in the account: connections, API keys, webhooks, queue schedules, retry and unpublish, members and invitations',
  editor: 'read everything, and compose, edit, schedule, queue and delete posts',
  viewer: 'only read',
};

/**
 * Who is signed in and the account they act in (`teamContext`). Read once per client: the Shell
 * asks first, pages read the cached answer; switching accounts starts a new client.
 */
export function useTeamContext({ pause = false }: { pause?: boolean } = {}): { context: TeamContext | undefined; fetching: boolean; failed: boolean } {
  const [result] = useQuery({ query: TeamContextQuery, requestPolicy: 'cache-first', pause });
  return { context: result.data?.teamContext, fetching: result.fetching, failed: !!result.error && !result.data };
}

/**
 * Whether the person's role allows what needs `needed`, so that a page offers only what the
 * service will accept. While the role is being read: not yet (the control appears a moment
 * later). When it could not be read: offered, and the service decides.
 */
export function useRoleAllows(needed: Exclude<TeamRole, 'owner'>): boolean {
  const { context, failed } = useTeamContext();
  if (failed) return true;
  if (!context) return false;
  return roleAllows(context.role, needed);
}

export function roleAllows(role: string, needed: TeamRole): boolean {
  return (RANK[role as TeamRole] ?? 0) >= RANK[needed];
}

/** The role as read, or null while it is not known. */
export function useTeamRole(): TeamRole | null {
  const { context } = useTeamContext();
  return (context?.role as TeamRole | undefined) ?? null;
}
