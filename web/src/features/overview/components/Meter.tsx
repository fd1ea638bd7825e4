import { Group, Progress, Text } from '@mantine/core';

/**
 * One allowance as a labelled meter: "used of limit" in words for screen readers (the progressbar's
 * value text), the same numbers on screen, and what is left.
 */
export function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  const left = Math.max(0, limit - used);
  const full = used >= limit;
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" style={{ flexShrink: 0 }}>
          {used} / {limit}
        </Text>
      </Group>
      <Progress.Root size="md" mt={4}>
        <Progress.Section
          value={percent}
          color={full ? 'red.8' : percent >= 80 ? 'orange.9' : 'blue.8'}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${used} of ${limit} used, ${left} left`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed" mt={2}>
        {full ? 'None left' : `${left} left`}
      </Text>
    </div>
  );
}
