import { Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '../../../ui/DialogActions';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import type { Connectable } from '../connections';
import { ConnectWithCredentialsDocument } from '../connections.documents';

/**
 * Bluesky (handle and app password) and Telegram (bot token and channel) connect with what the
 * person types, in forms of their own; any other platform that connects with credentials (a
 * platform plugin's) gets a form of the fields it declares.
 */
export function CredentialsModal({
  platform,
  onClose,
  onConnected,
}: {
  platform: Connectable;
  onClose: () => void;
  onConnected: (platformId: string) => void;
}) {
  const { busy, problem, submit } = useSubmit(ConnectWithCredentialsDocument);
  const telegram = platform.platform === 'telegram';
  const bluesky = platform.platform === 'bluesky';
  const form = useForm({ initialValues: { identifier: '', secret: '', chatId: '', serviceUrl: '' } });
  return (
    <Modal opened onClose={onClose} title={`Connect ${platform.label}`}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          const input = telegram
            ? { platform: 'telegram', secret: v.secret, chatId: v.chatId.trim() }
            : bluesky
              ? { platform: 'bluesky', identifier: v.identifier.trim(), secret: v.secret, serviceUrl: v.serviceUrl.trim() || null }
              : declaredInput(platform, v);
          const data = await submit({ input });
          if (data) onConnected(data.connectWithCredentials.platformId);
        })}
      >
        <Stack gap="sm">
          {telegram ? (
            <>
              <Text size="sm">Add your bot to the channel as an administrator that can post, then enter its token and the channel.</Text>
              <PasswordInput label="Bot token" required {...form.getInputProps('secret')} />
              <TextInput label="Channel or chat" description="@name or numeric id" required {...form.getInputProps('chatId')} />
            </>
          ) : !bluesky ? (
            platform.fields.map((field) => {
              const Input = field.type === 'password' ? PasswordInput : TextInput;
              return (
                <Input
                  key={field.name}
                  label={field.label}
                  placeholder={field.placeholder ?? undefined}
                  required={field.required}
                  {...form.getInputProps(field.name)}
                />
              );
            })
          ) : (
            <>
              <Text size="sm">Use an app password (Bluesky settings → App passwords), not your account password.</Text>
              <TextInput label="Handle" placeholder="you.bsky.social" required {...form.getInputProps('identifier')} />
              <PasswordInput label="App password" required {...form.getInputProps('secret')} />
              <TextInput label="Service URL (optional)" placeholder="https://bsky.social" {...form.getInputProps('serviceUrl')} />
            </>
          )}
          <ProblemAlert problem={problem} title="Not connected" />
          <DialogActions onCancel={onClose} confirmLabel="Connect" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}

type CredentialValues = { identifier: string; secret: string; chatId: string; serviceUrl: string };

/** The fields a plugin platform declares, from the form's values (blank optional ones left out). */
function declaredInput(platform: Connectable, values: CredentialValues) {
  const input: Record<string, string> = { platform: platform.platform };
  for (const { name } of platform.fields) {
    const value = values[name as keyof CredentialValues]?.trim();
    if (value) input[name] = value;
  }
  return input as { platform: string; secret: string };
}
