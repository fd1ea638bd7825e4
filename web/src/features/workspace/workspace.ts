import type { WorkspaceUsersQuery } from '../../gql/graphql';

export type ManagedUser = WorkspaceUsersQuery['workspaceUsers'][number];

/** A value shown once (an API key) or to hand on (a link), with a copy button. */
export interface Reveal {
  title: string;
  text: string;
  label: string;
  value: string;
}
