import { Progress, Text } from '@mantine/core';
import { postsWord } from '../import';
import type { ImportRun } from '../hooks/useImport';

/**
 * The import's progress. The service creates the rows in one request and answers when all are
 * done (docs/bulk.md: no job to poll), so there is no count to show while it runs: the bar is
 * indeterminate then (animated, no value for screen readers), and full once the answer came.
 */
export function ImportProgress({ run }: { run: ImportRun }) {
  const running = run.phase === 'running';
  const words = running
    ? `Creating ${postsWord(run.count)}: the service answers once every row is done`
    : run.phase === 'done'
      ? `Done: ${postsWord(run.results.filter((r) => r.success).length)} created`
      : 'Stopped: nothing was created';
  return (
    <div>
      <Progress.Root
        size="lg"
        mt="md"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={running ? undefined : 100}
        aria-valuetext={words}
        aria-busy={running || undefined}
      >
        <Progress.Section withAria={false} value={100} animated={running} striped={running} color={run.phase === 'refused' ? 'red.8' : 'blue.8'} />
      </Progress.Root>
      {/* Once done, the result's own sentence says how many were created. */}
      {run.phase !== 'done' && (
        <Text size="sm" mt={4} aria-hidden>
          {words}
        </Text>
      )}
    </div>
  );
}
