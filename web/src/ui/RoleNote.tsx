import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Why a page offers no control for something: the person's role in this account does not allow it
 * (the service would refuse it: docs/teams.md). `children` says what cannot be done.
 */
export function RoleNote({ role, children, title = 'Read only' }: { role: string | null; children: ReactNode; title?: string }) {
  return (
    <Alert color="gray" role="note" title={title}>
      {role ? <>Your role in this account is {role}: </> : null}
      {children}
    </Alert>
  );
}
