import { Card, List, Text } from '@mantine/core';

/** The posts a long text becomes on X or Threads, as the publisher will split it. */
export function ReplyChainPreview({ label, parts }: { label: string; parts: string[] }) {
  return (
    <Card withBorder mt="sm" padding="sm" component="section" aria-label={`${label} reply chain`}>
      <Text fw={600} size="sm" mb={4}>
        How {label} will show it
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        {parts.map((part, i) => (
          <List.Item key={i} style={{ whiteSpace: 'pre-wrap' }}>
            {part}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
