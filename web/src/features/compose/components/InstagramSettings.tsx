import { INSTAGRAM_VIDEO_TYPES, PLATFORM_SETTINGS_DEFAULTS } from '@app/rules';
import { Fieldset, Group, Radio } from '@mantine/core';
import type { ComposeForm } from '../compose-form';
import { VIDEO_TYPE_LABELS } from '../platform-settings';
import { optionsOf } from './setting-options';

const OPTIONS = optionsOf(INSTAGRAM_VIDEO_TYPES, VIDEO_TYPE_LABELS, PLATFORM_SETTINGS_DEFAULTS.instagram.videoType);

/** Instagram's kept setting: a video (or a single image) goes out as a reel or a story. */
export function InstagramSettings({ form }: { form: ComposeForm }) {
  return (
    <Fieldset legend="Instagram settings">
      <Radio.Group label="Video type" description="Stories take one image or video and show no text." {...form.getInputProps('settings.instagram.videoType')}>
        <Group mt="xs">
          {OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Radio.Group>
    </Fieldset>
  );
}
