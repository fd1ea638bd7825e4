import { Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../ui/SectionCard';
import type { ComposeForm } from '../compose-form';
import { settingsPlatformsOf, type SettingsProblems } from '../platform-settings';
import { InstagramSettings } from './InstagramSettings';
import { TelegramSettings } from './TelegramSettings';
import { ThreadsSettings } from './ThreadsSettings';
import { TikTokSettings } from './TikTokSettings';
import { YouTubeSettings } from './YouTubeSettings';

/** A fieldset per chosen platform whose settings the service keeps; nothing when there is none. */
export function PlatformSettingsCard({ platforms, form, problems }: { platforms: readonly string[]; form: ComposeForm; problems: SettingsProblems }) {
  const chosen = settingsPlatformsOf(platforms);
  if (chosen.length === 0) return null;
  return (
    <SectionCard titleId="platform-settings-title" title="Platform settings" gap="xs">
      <Text size="sm" c="dimmed" mb="sm">
        Each setting starts at the service’s default; only the ones you change are sent.
      </Text>
      <Stack gap="md">
        {chosen.includes('tiktok') && <TikTokSettings form={form} problems={problems} />}
        {chosen.includes('instagram') && <InstagramSettings form={form} />}
        {chosen.includes('youtube') && <YouTubeSettings form={form} problems={problems} />}
        {chosen.includes('threads') && <ThreadsSettings form={form} />}
        {chosen.includes('telegram') && <TelegramSettings form={form} />}
      </Stack>
    </SectionCard>
  );
}
