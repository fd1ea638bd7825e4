import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from 'urql';
import { errorMessage } from '../api/client';
import { useSession } from '../session/session';
import { SwitchAccountMutation } from '../session/session.documents';
import { roleLabel, type AccountChoice, type TeamContext } from '../session/team';

/** An account as the switcher offers it: one's own, or a team's with one's role there. */
export const accountChoiceLabel = (a: AccountChoice) =>
  a.role === 'owner' ? `Your account (${a.email})` : `${a.displayName ?? a.email} · ${roleLabel(a.role)}`;

/**
 * The accounts the person may act in (their own and each team's), the current one chosen. A
 * choice is the session's (docs/teams.md): the service switches it, and the dashboard then reads
 * everything again with a new client, on the same page.
 */
export function AccountSwitcher({ context }: { context: TeamContext }) {
  const { reload } = useSession();
  const [{ fetching }, switchAccount] = useMutation(SwitchAccountMutation);
  const current = context.accounts.find((a) => a.current)?.accountId ?? context.accountId;
  return (
    <NativeSelect
      aria-label="Account"
      size="xs"
      maw={260}
      value={current}
      disabled={fetching}
      data={context.accounts.map((a) => ({ value: a.accountId, label: accountChoiceLabel(a) }))}
      onChange={async (event) => {
        const accountId = event.currentTarget.value;
        const chosen = context.accounts.find((a) => a.accountId === accountId);
        const outcome = await switchAccount({ accountId });
        if (outcome.error) {
          notifications.show({ color: 'red', title: 'Could not switch accounts', message: errorMessage(outcome.error) });
          return;
        }
        if (chosen)
          notifications.show({
            color: 'green',
            message: `Now working in ${chosen.role === 'owner' ? 'your own account' : `${chosen.displayName ?? chosen.email}'s account as ${chosen.role}`}.`,
          });
        reload();
      }}
    />
  );
}
