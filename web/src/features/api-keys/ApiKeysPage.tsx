import { Code } from '@mantine/core';
import { useUser } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { ApiKeysManager } from './components/ApiKeysManager';
import { NoApiAccess } from './components/NoApiAccess';

export default function ApiKeysPage() {
  const user = useUser();
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Programs use an API key to call the REST API (header <Code>x-api-key</Code>) and the MCP server. Treat a key like a password.
          </>
        }
      />
      {user.apiAccess ? <ApiKeysManager /> : <NoApiAccess plan={user.plan} />}
    </>
  );
}
