import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { SectionCard } from '../../../ui/SectionCard';
import { postsWord } from '../import';
import type { ImportRun } from '../hooks/useImport';
import { ImportProgress } from './ImportProgress';

/** Step 4: each imported row's post (a link to it) or its error, and a way to start again. */
export function ImportResult({
  run,
  onAnother,
  headingRef,
}: {
  run: Extract<ImportRun, { phase: 'done' }>;
  onAnother: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const created = run.results.filter((r) => r.success).length;
  return (
    <SectionCard titleId="import-result-title" title="Imported" headingRef={headingRef}>
      <ImportProgress run={run} />
      <Text my="sm" role="status">
        {postsWord(created)} created{created < run.results.length ? `, ${run.results.length - created} refused` : ''}. Open each one below, or see them all in
        Posts.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-labelledby="import-result-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">Post</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.results.map((r) => (
              <Table.Tr key={r.fileRow}>
                <Table.Th scope="row" fw={500}>
                  {r.fileRow}
                </Table.Th>
                <Table.Td>
                  {r.success ? (
                    <Text size="sm">Created: {r.status === 'scheduled' ? `scheduled for ${formatDateTime(r.scheduledTime)}` : 'a draft'}</Text>
                  ) : (
                    <Text size="sm" c="red.9">
                      Not created: {r.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.success && r.postGroupId ? (
                    <Anchor component={Link} to={`/posts?post=${encodeURIComponent(r.postGroupId)}`} size="sm" aria-label={`Open the post of row ${r.fileRow}`}>
                      Open
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="md" gap="sm">
        <Button component={Link} to="/posts" variant="default">
          See them in Posts
        </Button>
        <Button variant="subtle" onClick={onAnother}>
          Import another file
        </Button>
      </Group>
    </SectionCard>
  );
}
