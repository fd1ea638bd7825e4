import { Alert, Button, Stack, Text, type MantineSpacing } from '@mantine/core';
import { errorMessage } from '../api/client';

/** The error state of a page or card whose query failed: the server's words and "Try again". */
export function LoadFailed({
  title,
  error,
  onRetry,
  m,
}: {
  title: string;
  error: Parameters<typeof errorMessage>[0];
  onRetry: () => void;
  m?: MantineSpacing;
}) {
  return (
    <Alert color="red" role="alert" title={title} m={m}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
