import { Card, Title } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

/**
 * A bordered section of a page, named by its `<h2>`. `flush` is for a card that holds a list or a
 * table edge to edge: no padding, the heading padded instead. `headingRef` makes the heading a
 * focus target (tabIndex -1) for a dialog that removed the row it was opened from.
 */
export function SectionCard({
  titleId,
  title,
  flush = false,
  gap = 'sm',
  headingRef,
  children,
}: {
  titleId: string;
  title: ReactNode;
  flush?: boolean;
  /** Space under the heading of a padded card. */
  gap?: 'xs' | 'sm';
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={titleId} p={flush ? 0 : undefined}>
      <Title order={2} size="h4" id={titleId} p={flush ? 'md' : undefined} mb={flush ? undefined : gap} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
