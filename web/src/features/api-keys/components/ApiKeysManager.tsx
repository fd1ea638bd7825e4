import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRoleAllows, useTeamRole } from '../../../session/team';
import { QueryResult } from '../../../ui/QueryResult';
import { RoleNote } from '../../../ui/RoleNote';
import { SectionCard } from '../../../ui/SectionCard';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { MAX_KEYS, type ApiKey, type CreatedKey } from '../api-keys';
import { ApiKeysDocument } from '../api-keys.documents';
import { ApiKeysTable } from './ApiKeysTable';
import { CreatedKeyModal } from './CreatedKeyModal';
import { CreateKeyForm } from './CreateKeyForm';
import { RenameKeyModal } from './RenameKeyModal';
import { RevokeKeyModal } from './RevokeKeyModal';

/** The account's active keys, with create, rename and revoke. */
export function ApiKeysManager() {
  const [result, reload] = useReloadableQuery({ query: ApiKeysDocument });
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = result.data?.apiKeys ?? [];
  // Keys are the owner's and admins' (docs/teams.md): others read the list.
  const manage = useRoleAllows('admin');
  const role = useTeamRole();

  return (
    <Stack gap="lg" maw={960}>
      {manage ? (
        <CreateKeyForm
          disabled={keys.length >= MAX_KEYS}
          onCreated={(key) => {
            setCreated(key);
            reload();
          }}
        />
      ) : (
        role && <RoleNote role={role}>only the owner and admins create, rename and revoke API keys.</RoleNote>
      )}
      <SectionCard titleId="keys-title" title="Active keys" flush>
        <QueryResult result={result} loading="Loading API keys" failed="Could not load your API keys" onRetry={reload} m="md">
          {() =>
            keys.length === 0 ? (
              <Text px="md" pb="md" c="dimmed">
                {manage ? 'You have no API keys yet. Create one above.' : 'This account has no API keys yet.'}
              </Text>
            ) : (
              <ApiKeysTable keys={keys} onRename={setRenaming} onRevoke={setRevoking} readOnly={!manage} />
            )
          }
        </QueryResult>
        {keys.length >= MAX_KEYS && (
          <Text size="sm" p="md">
            You have {MAX_KEYS} active keys, the most an account can have. Revoke one to create another.
          </Text>
        )}
      </SectionCard>
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
      <RenameKeyModal apiKey={renaming} onClose={() => setRenaming(null)} />
      <RevokeKeyModal apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={reload} />
    </Stack>
  );
}
