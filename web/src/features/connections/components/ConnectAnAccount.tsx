import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import type { Connectable } from '../connections';
import { StartConnectionDocument } from '../connections.documents';

/** Every platform with how it connects: a redirect to it, a Mastodon server first, or a credentials form. */
export function ConnectAnAccount({ platforms, onCredentials }: { platforms: Connectable[]; onCredentials: (p: Connectable) => void }) {
  const { problem, submit } = useSubmit(StartConnectionDocument);
  const mastodon = useForm({ initialValues: { instanceUrl: '' } });
  const instanceUrl = mastodon.values.instanceUrl.trim();
  const go = async (platform: string, extra: { via?: string; instanceUrl?: string } = {}) => {
    const data = await submit({ input: { platform, returnTo: '/connections', ...extra } });
    // Off to the platform's authorization page; it sends the browser back here.
    if (data) window.location.assign(data.startConnection.authorizeUrl);
  };
  return (
    <SectionCard titleId="connect-title" title="Connect an account">
      <ProblemAlert problem={problem} title="Could not start" mb="sm" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {platforms.map((p) => (
          <Card key={p.platform} withBorder padding="sm" component="section" aria-label={p.label}>
            <Text fw={600}>{p.label}</Text>
            {!p.configured ? (
              <Text size="sm" c="dimmed">
                Not available: the service administrator has not set it up yet.
              </Text>
            ) : p.method === 'credentials' ? (
              <Button mt="xs" size="xs" variant="light" onClick={() => onCredentials(p)}>
                Connect {p.label}
              </Button>
            ) : p.platform === 'mastodon' ? (
              <Stack gap={4} mt="xs">
                <TextInput size="xs" label="Your Mastodon server" placeholder="https://mastodon.social" {...mastodon.getInputProps('instanceUrl')} />
                <Button size="xs" variant="light" disabled={!instanceUrl} onClick={() => go('mastodon', { instanceUrl })}>
                  Connect Mastodon
                </Button>
              </Stack>
            ) : (
              <Group gap="xs" mt="xs">
                <Button size="xs" variant="light" onClick={() => go(p.platform)}>
                  Connect {p.label}
                </Button>
                {p.via.map((via) => (
                  <Button key={via} size="xs" variant="default" onClick={() => go(p.platform, { via })}>
                    {`Connect ${p.label} through ${via === 'facebook' ? 'Facebook' : via}`}
                  </Button>
                ))}
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
