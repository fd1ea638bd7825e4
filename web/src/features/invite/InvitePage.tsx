import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError, invites, type InviteDescription } from '../../api/rest';
import { useSession } from '../../session/session';
import { ROLE_WORDS, roleLabel, useTeamContext, type TeamRole } from '../../session/team';
import { formatDateTime } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { usePageTitle } from '../../ui/usePageTitle';
import { newPasswordProblem, PASSWORD_LENGTH } from '../../ui/validation';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; invite: InviteDescription };

const problemOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Something went wrong. Try again.');

/**
 * An invitation link (`/invite/<token>`, docs/teams.md), open without a session: who invites to
 * which account with which role, and the way to accept that fits — make the account with a
 * password, sign in first, or accept as the person signed in. Afterwards the dashboard acts in
 * the team account.
 */
export default function InvitePage() {
  usePageTitle('Invitation');
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    invites
      .describe(token)
      .then((invite) => live && setLoaded({ status: 'ready', invite }))
      .catch((err: unknown) => live && setLoaded({ status: 'failed', message: problemOf(err) }));
    return () => {
      live = false;
    };
  }, [token, attempt]);

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="lg" radius="md" w="100%" maw={480}>
        {loaded.status === 'loading' && (
          <>
            <Title order={1} size="h2" mb="md">
              Invitation
            </Title>
            <PageLoader label="Loading the invitation" />
          </>
        )}
        {loaded.status === 'failed' && (
          <Stack>
            <Title order={1} size="h2">
              This invitation cannot be used
            </Title>
            <Alert color="red" role="alert" title="Invitation not available">
              {loaded.message}
            </Alert>
            <Text size="sm">Ask the person who invited you for a new link.</Text>
            <Group>
              <Button
                variant="default"
                onClick={() => {
                  setLoaded({ status: 'loading' });
                  setAttempt((a) => a + 1);
                }}
              >
                Try again
              </Button>
              <Anchor component={Link} to="/" size="sm">
                Go to the dashboard
              </Anchor>
            </Group>
          </Stack>
        )}
        {loaded.status === 'ready' && <Invitation token={token} invite={loaded.invite} />}
      </Paper>
    </Center>
  );
}

function Invitation({ token, invite }: { token: string; invite: InviteDescription }) {
  const { state } = useSession();
  const account = invite.accountName ? `${invite.accountName} (${invite.accountEmail})` : invite.accountEmail;
  const role = roleLabel(invite.role);
  return (
    <Stack>
      <Title order={1} size="h2">
        Join {invite.accountName ?? invite.accountEmail}
      </Title>
      <Text>
        {account} invites <strong>{invite.email}</strong> to work in their account as <strong>{role.toLowerCase()}</strong>.
      </Text>
      <Text size="sm">
        {role}s may {ROLE_WORDS[invite.role as TeamRole] ?? 'work in the account'}. The invitation works once, until {formatDateTime(invite.expiresAt)}.
      </Text>
      {state.status === 'loading' ? (
        <PageLoader label="Checking whether you are signed in" />
      ) : state.status === 'signed-in' ? (
        <AcceptSignedIn token={token} invite={invite} />
      ) : invite.hasAccount ? (
        <>
          <Text size="sm">An account exists for {invite.email}. Sign in with it, then accept here.</Text>
          <Button component={Link} to={`/sign-in?next=${encodeURIComponent(`/invite/${token}`)}`} fullWidth>
            Sign in to accept
          </Button>
        </>
      ) : (
        <CreateAccountAndAccept token={token} invite={invite} />
      )}
    </Stack>
  );
}

/** After accepting: a new client for the session, which now acts in the team account, on the overview. */
function useAccepted(invite: InviteDescription) {
  const { reload } = useSession();
  const navigate = useNavigate();
  return () => {
    notifications.show({
      color: 'green',
      title: 'Welcome to the team',
      message: `You now work in ${invite.accountName ?? invite.accountEmail}'s account as ${invite.role}.`,
    });
    reload();
    navigate('/', { replace: true });
  };
}

function AcceptSignedIn({ token, invite }: { token: string; invite: InviteDescription }) {
  const { signOut } = useSession();
  const { context, failed } = useTeamContext();
  const accepted = useAccepted(invite);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!context && !failed) return <PageLoader label="Checking who is signed in" />;
  const other = context && context.personEmail.toLowerCase() !== invite.email.toLowerCase();

  const accept = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await invites.accept(token);
      accepted();
    } catch (err) {
      setProblem(problemOf(err));
      setBusy(false);
    }
  };

  if (other) {
    return (
      <>
        <Alert color="yellow" role="note" title="Signed in with another address" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          You are signed in as {context.personEmail}. This invitation is for {invite.email}: sign out, then sign in with that address (or create its account) to
          accept.
        </Alert>
        <Button variant="default" onClick={() => void signOut()}>
          Sign out
        </Button>
      </>
    );
  }
  return (
    <>
      {context && <Text size="sm">You are signed in as {context.personEmail}.</Text>}
      {problem && (
        <Alert color="red" role="alert" title="Not accepted">
          {problem}
        </Alert>
      )}
      <Button onClick={() => void accept()} loading={busy} fullWidth>
        Accept invitation
      </Button>
    </>
  );
}

function CreateAccountAndAccept({ token, invite }: { token: string; invite: InviteDescription }) {
  const accepted = useAccepted(invite);
  const [problem, setProblem] = useState<{ message: string; status: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (!v ? 'Choose a password' : newPasswordProblem(v)) },
  });
  const onSubmit = form.onSubmit(async ({ password }) => {
    setProblem(null);
    setBusy(true);
    try {
      await invites.accept(token, password);
      accepted();
    } catch (err) {
      setProblem({ message: problemOf(err), status: err instanceof ApiRequestError ? err.status : 0 });
      setBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="create-title">
      <Stack>
        <Title order={2} size="h4" id="create-title">
          Create your account
        </Title>
        <Text size="sm">Your account will be {invite.email}. Choose a password to create it and accept the invitation; you sign in with them from now on.</Text>
        {problem && (
          <Alert color="red" role="alert" title="Not accepted">
            {problem.message}
            {problem.status === 401 && (
              <>
                {' '}
                <Anchor component={Link} to={`/sign-in?next=${encodeURIComponent(`/invite/${token}`)}`} size="sm">
                  Sign in to accept
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <PasswordInput label="Password" autoComplete="new-password" description={PASSWORD_LENGTH} required {...form.getInputProps('password')} />
        <Button type="submit" loading={busy} fullWidth>
          Accept and create account
        </Button>
      </Stack>
    </form>
  );
}
