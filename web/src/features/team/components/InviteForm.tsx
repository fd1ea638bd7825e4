import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { emailShaped } from '../../../ui/validation';
import { MEMBER_ROLES, type CreatedInvite } from '../team';
import { InviteMemberDocument } from '../team.documents';

/** Invite someone by e-mail with a role; the answer's link is handed to `onInvited` (shown once). */
export function InviteForm({ onInvited }: { onInvited: (invite: CreatedInvite) => void }) {
  const { busy, problem, submit } = useSubmit(InviteMemberDocument);
  const form = useForm({
    name: 'invite-member',
    initialValues: { email: '', role: 'editor' },
    validate: { email: emailShaped('Enter a valid email address') },
  });
  const onSubmit = form.onSubmit(async ({ email, role }) => {
    const data = await submit({ email: email.trim(), role });
    if (!data) return;
    const { invite, link, emailed } = data.inviteMember;
    form.reset();
    onInvited({ email: invite.email, role: invite.role, expiresAt: invite.expiresAt, link, emailed });
  });
  return (
    <SectionCard titleId="invite-title" title="Invite someone">
      <form onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
        <Group align="flex-start" wrap="wrap">
          <TextInput label="Email" type="email" autoComplete="off" required style={{ flex: '1 1 260px' }} {...form.getInputProps('email')} />
          <NativeSelect label="Role" description="What they may do here" data={MEMBER_ROLES} style={{ flex: '0 1 180px' }} {...form.getInputProps('role')} />
        </Group>
        <Group mt="sm">
          <Button type="submit" loading={busy}>
            Send invitation
          </Button>
        </Group>
        <ProblemAlert problem={problem} title="Not invited" mt="sm" />
      </form>
    </SectionCard>
  );
}
