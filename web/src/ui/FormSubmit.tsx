import { Button, Group } from '@mantine/core';
import { ProblemAlert } from './ProblemAlert';

/** The end of a form on a page: why the last attempt was refused, if it was, then the submit button. */
export function FormSubmit({ label, busy, problem, problemTitle }: { label: string; busy: boolean; problem: string | null; problemTitle: string }) {
  return (
    <>
      <ProblemAlert problem={problem} title={problemTitle} />
      <Group>
        <Button type="submit" loading={busy}>
          {label}
        </Button>
      </Group>
    </>
  );
}
