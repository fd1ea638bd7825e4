import { Alert } from '@mantine/core';

/** Said instead of the page to someone whose account may not manage users (the nav does not offer the page to them). */
export function NoWorkspaceAccess() {
  return (
    <Alert color="blue" title="Workspaces are not turned on for your account" role="note" maw={720}>
      A workspace lets an agency or a team manage other people’s accounts: add them, send each a link to connect their accounts, and post for them. An
      administrator turns it on for an account; it is not part of any plan by default. Ask your administrator to turn on workspaces.
    </Alert>
  );
}
