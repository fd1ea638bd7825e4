import { Code } from '@mantine/core';
import { useUser } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { NoWorkspaceAccess } from './components/NoWorkspaceAccess';
import { WorkspaceManager } from './components/WorkspaceManager';

export default function WorkspacePage() {
  const user = useUser();
  return (
    <>
      <PageHeader
        title="Workspace"
        description={
          <>
            The people or clients you manage. Each gets a link to connect their own accounts; you post for them with your API key and the{' '}
            <Code>x-service-user-id</Code> header, or give them a key of their own.
          </>
        }
      />
      {user.workspacesEnabled || user.isAdmin ? <WorkspaceManager /> : <NoWorkspaceAccess />}
    </>
  );
}
