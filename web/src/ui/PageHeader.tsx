import { Group, Text, Title } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { usePageTitle } from './usePageTitle';

/**
 * A page's `<h1>`, which also names the document, with what the page is for and its main action.
 * `headingRef` makes the heading a focus target (tabIndex -1) for a dialog that removed its opener.
 */
export function PageHeader({
  title,
  description,
  action,
  headingRef,
  maw,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** The width the action lines up with, where the page's content is narrower than the screen. */
  maw?: number;
}) {
  usePageTitle(title);
  const gap = description ? 'xs' : 'lg';
  const heading = (
    <Title order={1} size="h2" mb={action ? undefined : gap} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
      {title}
    </Title>
  );
  return (
    <>
      {action ? (
        <Group justify="space-between" mb={gap} maw={maw}>
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {description && (
        <Text c="dimmed" mb="lg" maw={720}>
          {description}
        </Text>
      )}
    </>
  );
}
