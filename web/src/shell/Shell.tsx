import { AppShell, Badge, Box, Burger, Button, Group, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { useSession, useUser } from '../session/session';
import { roleAllows, roleLabel, useTeamContext } from '../session/team';
import { AccountSwitcher } from './AccountSwitcher';
import { ApprovalsBadgeDocument } from './shell.documents';

const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/posts', label: 'Posts' },
  { to: '/compose', label: 'Compose' },
  { to: '/import', label: 'Import' },
  { to: '/queue', label: 'Queue' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/connections', label: 'Connections' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/webhook-endpoints', label: 'Webhooks' },
  { to: '/team', label: 'Team' },
  { to: '/settings', label: 'Settings' },
];

// The count is read again after any post changes, and after the approval switch (which answers a Boolean).
const APPROVALS_BADGE = { additionalTypenames: ['PostGroup', 'ApprovalSetting'] };

/** The signed-in frame: header with the account and sign-out, navigation, and the page. */
export function Shell() {
  const user = useUser();
  const { signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { context } = useTeamContext();
  // `me` describes the account acted in: a member acting in a service admin's account is no admin.
  const asMember = !!context && context.role !== 'owner';
  const isAdmin = user.isAdmin && !asMember;
  const approver = !!context && roleAllows(context.role, 'admin');
  const [badge] = useQuery({ query: ApprovalsBadgeDocument, pause: !approver, context: APPROVALS_BADGE });
  const waiting = badge.data?.postsAwaitingApproval.length ?? 0;
  const approvals = badge.data && (badge.data.requireApproval || waiting > 0) ? [{ to: '/approvals', label: 'Approvals', count: waiting }] : [];
  const items: Array<{ to: string; label: string; count?: number }> = [
    ...NAV.slice(0, 2),
    ...approvals,
    ...NAV.slice(2),
    ...(approver ? [{ to: '/audit', label: 'Audit log' }] : []),
    ...(user.workspacesEnabled || isAdmin ? [{ to: '/workspace', label: 'Workspace' }] : []),
    ...(isAdmin ? [{ to: '/admin/users', label: 'Users (admin)' }] : []),
  ];
  const switcher = context && context.accounts.length > 1 ? <AccountSwitcher context={context} /> : null;

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
            {switcher && <Box visibleFrom="sm">{switcher}</Box>}
            {asMember && (
              <Badge variant="light" color="grape" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
                <VisuallyHidden>Your role: </VisuallyHidden>
                {roleLabel(context.role)}
              </Badge>
            )}
            <Text size="sm" visibleFrom="xs" truncate maw={220} title={context?.personEmail ?? user.email}>
              <VisuallyHidden>Signed in as </VisuallyHidden>
              {context?.personEmail ?? user.email}
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
        {switcher && (
          <Box hiddenFrom="sm" mb="xs">
            {switcher}
          </Box>
        )}
        {items.map((item) => {
          const active = item.to === '/' ? location.pathname === '/' : location.pathname.startsWith(item.to);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              rightSection={
                item.count ? (
                  <Badge size="sm" variant="filled" color="red.9">
                    {item.count}
                    <VisuallyHidden> waiting</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
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
