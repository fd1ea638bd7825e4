import { AppShell, Badge, Burger, Button, Group, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession, useUser } from '../session/session';

const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/posts', label: 'Posts' },
  { to: '/compose', label: 'Compose' },
  { to: '/queue', label: 'Queue' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/connections', label: 'Connections' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/webhook-endpoints', label: 'Webhooks' },
  { to: '/settings', label: 'Settings' },
];

/** The signed-in frame: header with the account and sign-out, navigation, and the page. */
export function Shell() {
  const user = useUser();
  const { signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const items = [
    ...NAV,
    ...(user.workspacesEnabled || user.isAdmin ? [{ to: '/workspace', label: 'Workspace' }] : []),
    ...(user.isAdmin ? [{ to: '/admin/users', label: 'Users (admin)' }] : []),
  ];

  const onSignOut = async () => {
    setLeaving(true);
    try {
      await signOut();
      navigate('/sign-in', { replace: true });
    } catch {
      setLeaving(false);
      notifications.show({ color: 'red', title: 'Sign-out failed', message: 'The service could not be reached. Try again.' });
    }
  };

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="main-navigation"
            />
            <Text component={Link} to="/" fw={700} c="inherit" td="none">
              Post scheduler
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="xs" truncate maw={220} title={user.email}>
              <VisuallyHidden>Signed in as </VisuallyHidden>
              {user.email}
            </Text>
            <Badge variant="filled" aria-label={`Plan: ${user.plan}`}>
              {user.plan}
            </Badge>
            <Button variant="default" size="xs" onClick={onSignOut} loading={leaving}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="main-navigation" aria-label="Main">
        {items.map((item) => {
          const active = item.to === '/' ? location.pathname === '/' : location.pathname.startsWith(item.to);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={active}
              variant="filled"
              aria-current={active ? 'page' : undefined}
              onClick={close}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
