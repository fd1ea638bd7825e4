import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { PasswordForm } from './components/PasswordForm';
import { ProfileForm } from './components/ProfileForm';
import { SessionsCard } from './components/SessionsCard';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <Stack gap="lg" maw={820}>
        <ProfileForm />
        <PasswordForm />
        <SessionsCard />
      </Stack>
    </>
  );
}
