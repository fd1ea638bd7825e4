import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTeamContext, useTeamRole, useRoleAllows } from '../../session/team';
import { PageHeader } from '../../ui/PageHeader';
import { RoleNote } from '../../ui/RoleNote';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { ApprovalSetting } from './components/ApprovalSetting';
import { CreatedInviteCard } from './components/CreatedInviteCard';
import { InviteForm } from './components/InviteForm';
import { LeaveAccount } from './components/LeaveAccount';
import { MembersCard } from './components/MembersCard';
import { OpenInvites } from './components/OpenInvites';
import type { CreatedInvite } from './team';
import { TeamInvitesDocument, TeamMembersDocument } from './team.documents';

// Invitations and the approval switch answer no type the lists hold: they are read again by name.
const INVITES = { additionalTypenames: ['TeamInvite'] };

/** The account's people and roles; for the owner and admins also invitations and the approval switch. */
export default function TeamPage() {
  const { context } = useTeamContext();
  const role = useTeamRole();
  const manage = useRoleAllows('admin');
  const [members, reloadMembers] = useReloadableQuery({ query: TeamMembersDocument });
  // Only the owner and admins may read the invitations (the service refuses everyone else).
  const [invites, reloadInvites] = useReloadableQuery({ query: TeamInvitesDocument, pause: !manage, context: INVITES });
  const [created, setCreated] = useState<CreatedInvite | null>(null);

  return (
    <>
      <PageHeader
        title="Team"
        description="The people who work in this account and their roles. Admins can do everything in the account, editors write, schedule and delete posts, viewers only read."
      />
      <Stack gap="lg" maw={1040}>
        {!manage && role && <RoleNote role={role}>only the owner and admins change roles, invite people or turn approval on and off.</RoleNote>}
        <MembersCard result={members} onRetry={reloadMembers} manage={manage} personId={context?.personId ?? null} onChanged={reloadMembers} />
        {manage && (
          <>
            <InviteForm
              onInvited={(invite) => {
                setCreated(invite);
                reloadInvites();
              }}
            />
            {created && <CreatedInviteCard invite={created} onDone={() => setCreated(null)} />}
            <OpenInvites result={invites} onRetry={reloadInvites} onRevoked={reloadInvites} />
          </>
        )}
        <ApprovalSetting result={members} manage={manage} onChanged={reloadMembers} />
        {context && context.role !== 'owner' && <LeaveAccount accountId={context.accountId} accountEmail={context.accountEmail} role={context.role} />}
      </Stack>
    </>
  );
}
