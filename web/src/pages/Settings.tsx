import { Alert, Button, Card, Group, PasswordInput, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import { PageLoader } from '../ui/PageLoader';
import { useUser } from '../session/session';
import { formatDateTime } from '../ui/format';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';
import { newPasswordProblem } from '../ui/validation';

const UpdateProfileDocument = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      id
      email
    }
  }
`);

const ChangePasswordDocument = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

const SessionsDocument = graphql(`
  query Sessions {
    sessions {
      id
      createdAt
      expiresAt
      current
    }
  }
`);

const RevokeSessionDocument = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

export default function SettingsPage() {
  usePageTitle('Settings');
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        Settings
      </Title>
      <Stack gap="lg" maw={820}>
        <ProfileForm />
        <PasswordForm />
        <Sessions />
      </Stack>
    </>
  );
}

function ProfileForm() {
  const user = useUser();
  const [{ fetching }, update] = useMutation(UpdateProfileDocument);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: user.email, currentPassword: '' } });
  return (
    <Card withBorder component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title" mb="sm">
        Profile
      </Title>
      <form
        onSubmit={form.onSubmit(async (v) => {
          setProblem(null);
          const result = await update({ input: { email: v.email.trim(), currentPassword: v.currentPassword } });
          if (result.error) return setProblem(errorMessage(result.error));
          form.setFieldValue('currentPassword', '');
          notifications.show({
            color: 'green',
            message: `You now sign in as ${result.data!.updateProfile.email}. Your other sessions have ended.`,
          });
        })}
      >
        <Stack gap="sm" maw={360}>
          <TextInput label="Sign-in email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Current password"
            description="Needed to change your sign-in email"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          {problem && (
            <Alert color="red" role="alert" title="Not saved">
              {problem}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={fetching}>
              Save email
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const [{ fetching }, change] = useMutation(ChangePasswordDocument);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: { newPassword: newPasswordProblem },
  });
  return (
    <Card withBorder component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title" mb="sm">
        Password
      </Title>
      <form
        onSubmit={form.onSubmit(async (v) => {
          setProblem(null);
          const result = await change(v);
          if (result.error) return setProblem(errorMessage(result.error));
          form.reset();
          notifications.show({ color: 'green', message: 'Password changed. Your other sessions have ended.' });
        })}
      >
        <Stack gap="sm" maw={360}>
          <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          {problem && (
            <Alert color="red" role="alert" title="Not changed">
              {problem}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={fetching}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Sessions() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: SessionsDocument });
  const [, revoke] = useMutation(RevokeSessionDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const sessions = data?.sessions ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="sessions-title" p={0}>
      <Title order={2} size="h4" id="sessions-title" p="md">
        Where you are signed in
      </Title>
      {fetching && !data ? (
        <PageLoader label="Loading sessions" />
      ) : error && !data ? (
        <LoadFailed title="Could not load your sessions" error={error} onRetry={reload} m="md" />
      ) : sessions.length === 0 ? (
        <Text px="md" pb="md" c="dimmed">
          No sessions.
        </Text>
      ) : (
        <Table striped verticalSpacing="sm" aria-labelledby="sessions-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Signed in</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Th scope="row" fw={400}>
                  {formatDateTime(s.createdAt)}
                  {s.current && ' (this browser)'}
                </Table.Th>
                <Table.Td>{formatDateTime(s.expiresAt)}</Table.Td>
                <Table.Td>
                  {!s.current && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Sign out the session from ${formatDateTime(s.createdAt)}`}
                      onClick={async () => {
                        const result = await revoke({ id: s.id });
                        if (result.error) notifications.show({ color: 'red', title: 'Not signed out', message: errorMessage(result.error) });
                        reload();
                      }}
                    >
                      Sign out
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
