import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useRoleAllows, useTeamRole } from '../../session/team';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult } from '../../ui/QueryResult';
import { RoleNote } from '../../ui/RoleNote';
import { auditVariables, isFiltered, NO_FILTERS, type AuditFilterValues } from './audit';
import { AuditFilters } from './components/AuditFilters';
import { AuditTable } from './components/AuditTable';
import { useAuditPage } from './hooks/useAuditPage';

/** Who did what in the account, newest first (docs/audit.md): the owner and admins read it. */
export default function AuditPage() {
  const allowed = useRoleAllows('admin');
  const role = useTeamRole();
  const [page, setPage] = useState(1);
  // Other filters start again from the first page.
  const filters = useForm<AuditFilterValues>({ initialValues: NO_FILTERS, onValuesChange: () => setPage(1) });
  const [result, reload] = useAuditPage(auditVariables(filters.values, page), !allowed);

  return (
    <>
      <PageHeader
        title="Audit log"
        maw={1100}
        action={
          allowed && (
            <Button variant="default" onClick={reload} loading={result.fetching && !!result.data}>
              Refresh
            </Button>
          )
        }
        description="Who did what in this account and when: sign-ins, posts, connections, API keys, webhooks, the team and review links. Keys appear by their public prefix only. Times are shown in your time zone."
      />
      <Stack gap="md" maw={1100}>
        {!allowed ? (
          role && <RoleNote role={role}>only the owner and admins read the audit log.</RoleNote>
        ) : (
          <>
            <AuditFilters form={filters} />
            <QueryResult result={result} loading="Loading the audit log" failed="Could not load the audit log" onRetry={reload}>
              {(data) => <AuditTable entries={data.entries} total={data.total} filtered={isFiltered(filters.values)} page={page} onPage={setPage} />}
            </QueryResult>
          </>
        )}
      </Stack>
    </>
  );
}
