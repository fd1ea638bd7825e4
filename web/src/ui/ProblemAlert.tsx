import { Alert, type MantineSpacing } from '@mantine/core';

/** Why a form or dialog's action was refused (the server's words), while there is a reason to show. */
export function ProblemAlert({ problem, title, mt, mb }: { problem: string | null; title?: string; mt?: MantineSpacing; mb?: MantineSpacing }) {
  if (!problem) return null;
  return (
    <Alert color="red" role="alert" title={title} mt={mt} mb={mb}>
      {problem}
    </Alert>
  );
}
