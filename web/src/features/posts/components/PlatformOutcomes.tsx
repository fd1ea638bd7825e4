import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { PostDetailQuery } from '../../../gql/graphql';
import { ERROR_HINTS } from '../posts';

type PlatformPost = NonNullable<PostDetailQuery['post']>['platformPosts'][number];

/** Each platform's status, and its published link or its error with what to do about it. */
export function PlatformOutcomes({ platformPosts }: { platformPosts: PlatformPost[] }) {
  return (
    <Table aria-label="Platforms of this post">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Platform</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Outcome</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {platformPosts.map((pp) => (
          <Table.Tr key={pp.id}>
            <Table.Th scope="row" fw={400}>
              {pp.platformId}
            </Table.Th>
            <Table.Td>{pp.status}</Table.Td>
            <Table.Td>
              {pp.publishedUrl ? (
                <Anchor href={pp.publishedUrl} target="_blank" rel="noreferrer noopener">
                  View on {pp.platform}
                </Anchor>
              ) : pp.error ? (
                <Stack gap={2}>
                  <Text size="sm">
                    {pp.error.message} ({pp.error.code})
                  </Text>
                  {ERROR_HINTS[pp.error.code] && <Text size="xs">{ERROR_HINTS[pp.error.code]}</Text>}
                </Stack>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
