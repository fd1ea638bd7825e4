import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiRequestError, auth } from '../../../api/rest';
import { useSession } from '../../../session/session';
import { usePageTitle } from '../../../ui/usePageTitle';
import { emailShaped, newPasswordProblem, PASSWORD_LENGTH } from '../../../ui/validation';

type Mode = 'sign-in' | 'sign-up';

function CredentialsForm({ mode }: { mode: Mode }) {
  const signUp = mode === 'sign-up';
  const title = signUp ? 'Create your account' : 'Sign in';
  usePageTitle(signUp ? 'Sign up' : 'Sign in');
  const { signedIn } = useSession();
  const location = useLocation();
  const reason = (location.state as { reason?: string } | null)?.reason;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: emailShaped('Enter a valid email address'),
      password: (v) => (!v ? 'Enter your password' : signUp ? newPasswordProblem(v) : null),
    },
  });

  const onSubmit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    setSubmitting(true);
    try {
      const { user } = signUp ? await auth.register(email.trim(), password) : await auth.login(email.trim(), password);
      // PublicOnly (routes.tsx) then takes the person on, to `next` when there is one.
      signedIn(user);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Something went wrong. Try again.');
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="lg" radius="md" w="100%" maw={400}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="auth-title">
          <Stack>
            <Title order={1} size="h2" id="auth-title">
              {title}
            </Title>
            {reason && !error && (
              <Alert color="yellow" role="status">
                {reason}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert" title={signUp ? 'Sign-up failed' : 'Sign-in failed'}>
                {error}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete={signUp ? 'new-password' : 'current-password'}
              description={signUp ? PASSWORD_LENGTH : undefined}
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={submitting} fullWidth>
              {signUp ? 'Create account' : 'Sign in'}
            </Button>
            <Text size="sm" ta="center">
              {signUp ? 'Already have an account? ' : 'New here? '}
              <Anchor component={Link} to={signUp ? '/sign-in' : '/sign-up'}>
                {signUp ? 'Sign in' : 'Create an account'}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

export function SignInPage() {
  return <CredentialsForm mode="sign-in" />;
}

export function SignUpPage() {
  return <CredentialsForm mode="sign-up" />;
}
