import { codePointLength, PLATFORM_SETTINGS_DEFAULTS, YOUTUBE_PRIVACY_VALUES, YOUTUBE_TITLE_LIMIT } from '@app/rules';
import { Fieldset, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { ComposeForm } from '../compose-form';
import { PRIVACY_LABELS, type SettingsProblems } from '../platform-settings';
import { optionsOf } from './setting-options';

const PRIVACY_OPTIONS = optionsOf(YOUTUBE_PRIVACY_VALUES, PRIVACY_LABELS, PLATFORM_SETTINGS_DEFAULTS.youtube.privacy);

/** YouTube's kept settings: the video's title (the post text is its description) and its privacy. */
export function YouTubeSettings({ form, problems }: { form: ComposeForm; problems: SettingsProblems }) {
  const title = form.values.settings.youtube.title;
  return (
    <Fieldset legend="YouTube settings">
      <Stack gap="sm">
        <TextInput
          label="Title"
          // Counted in code points against the adapter's limit; no maxLength, which counts UTF-16 units.
          description={`${codePointLength(title)} / ${YOUTUBE_TITLE_LIMIT} characters. Left empty, the title is the start of the post text, which becomes the description.`}
          {...form.getInputProps('settings.youtube.title')}
          error={problems['settings.youtube.title']}
        />
        <NativeSelect label="Privacy" data={PRIVACY_OPTIONS} {...form.getInputProps('settings.youtube.privacy')} />
      </Stack>
    </Fieldset>
  );
}
