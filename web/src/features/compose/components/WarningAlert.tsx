import { Alert, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** Yellow warnings keep their title in the text colour: Mantine's yellow title is below 4.5:1 (axe). */
const WARNING_STYLES = { title: { color: 'var(--mantine-color-text)' } };

/** What some chosen platform will refuse, said before the post is sent. */
export function WarningAlert({ title, mt, children }: { title: string; mt?: MantineSpacing; children: ReactNode }) {
  return (
    <Alert color="yellow" role="alert" title={title} mt={mt} styles={WARNING_STYLES}>
      {children}
    </Alert>
  );
}
