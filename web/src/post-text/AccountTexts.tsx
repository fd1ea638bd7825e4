import { isBuiltInPlatform } from '@app/rules';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '../ui/SectionCard';
import { countFor } from './counts';
import { accountLabel, type PostAccount } from './texts';

/**
 * A text of its own per chosen account: closed, the account publishes the post's text; opened, a
 * textarea starts from it with that platform's counter, and "Use the main text" closes it again.
 */
export function AccountTexts({
  accounts,
  content,
  overrides,
  withMedia,
  problems,
  onChange,
}: {
  accounts: PostAccount[];
  content: string;
  /** Compound id → the account's own text, for the customized accounts only. */
  overrides: Record<string, string>;
  withMedia: boolean;
  /** An open override the service would refuse, by compound id. */
  problems: Record<string, string>;
  onChange: (overrides: Record<string, string>) => void;
}) {
  // Opening or closing replaces the control that was clicked: focus moves to its replacement.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const focusOnMount = (key: string) => (el: HTMLElement | null) => {
    if (el && focusTarget === key) {
      el.focus();
      setFocusTarget(null);
    }
  };
  if (accounts.length === 0) return null;
  const set = (id: string, text: string) => onChange({ ...overrides, [id]: text });
  const open = (id: string) => {
    set(id, content);
    setFocusTarget(`text:${id}`);
  };
  const reset = (id: string) => {
    onChange(Object.fromEntries(Object.entries(overrides).filter(([key]) => key !== id)));
    setFocusTarget(`button:${id}`);
  };
  return (
    <SectionCard titleId="account-texts-title" title="Text per account" gap="xs">
      <Text size="sm" c="dimmed" mb="sm">
        Every account publishes the post’s text unless you give it its own, checked against that platform’s rules.
      </Text>
      <Stack gap="md">
        {accounts.map((account) => {
          const label = accountLabel(account);
          if (!Object.hasOwn(overrides, account.platformId)) {
            return (
              <Group key={account.platformId}>
                <Button variant="default" size="xs" ref={focusOnMount(`button:${account.platformId}`)} onClick={() => open(account.platformId)}>
                  Customize text for {label}
                </Button>
              </Group>
            );
          }
          const text = overrides[account.platformId];
          const count = isBuiltInPlatform(account.platform) ? countFor(account.platform, text, withMedia) : null;
          const counter = count
            ? `${count.label}: ${count.length} / ${count.limit}${count.caption ? ' (caption: media attached)' : ''}${
                count.parts && count.parts.length > 1 ? ` — goes out as ${count.parts.length} posts (a reply chain)` : ''
              }${count.over ? ' — too long' : ''}`
            : `${text.length} characters (the service checks ${account.platform} posts)`;
          return (
            <Stack key={account.platformId} gap={4}>
              <Textarea
                label={`Text for ${label}`}
                description={counter}
                autosize
                minRows={3}
                value={text}
                onChange={(event) => set(account.platformId, event.currentTarget.value)}
                error={problems[account.platformId] ?? (count?.over ? `Too long for ${count.label}` : undefined)}
                ref={focusOnMount(`text:${account.platformId}`)}
              />
              <Group>
                <Button variant="subtle" size="xs" onClick={() => reset(account.platformId)} aria-label={`Use the main text for ${label}`}>
                  Use the main text
                </Button>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
