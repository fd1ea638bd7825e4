import { Alert } from '@mantine/core';

/** Said instead of the keys to an account whose plan or settings give it no API access. */
export function NoApiAccess({ plan }: { plan: string }) {
  return (
    <Alert color="blue" title="API keys are not part of your plan" role="note" maw={720}>
      {plan === 'starter'
        ? 'The Starter plan is for the dashboard only: it does not include the REST API or MCP, so it cannot create API keys. The Pro and Premium plans include both.'
        : 'API access is turned off for this account.'}{' '}
      Ask your administrator to change your plan or turn on API access.
    </Alert>
  );
}
