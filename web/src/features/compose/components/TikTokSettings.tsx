import { PLATFORM_SETTINGS_DEFAULTS, TIKTOK_VIEWER_SETTINGS } from '@app/rules';
import { Checkbox, Fieldset, NativeSelect, Stack, Switch } from '@mantine/core';
import type { ComposeForm } from '../compose-form';
import { VIEWER_SETTING_LABELS, type SettingsProblems } from '../platform-settings';
import { defaultWords, optionsOf } from './setting-options';

const DEFAULTS = PLATFORM_SETTINGS_DEFAULTS.tiktok;
const VIEWER_OPTIONS = optionsOf(TIKTOK_VIEWER_SETTINGS, VIEWER_SETTING_LABELS, DEFAULTS.viewerSetting);

/** TikTok's kept settings: who can view, the allow* interactions, and commercial content disclosure. */
export function TikTokSettings({ form, problems }: { form: ComposeForm; problems: SettingsProblems }) {
  const tiktok = form.values.settings.tiktok;
  const kinds = [tiktok.brandOrganic && 'brandOrganic', tiktok.brandedContent && 'brandedContent'].filter((k): k is string => !!k);
  const allow = (key: 'allowComments' | 'allowDuet' | 'allowStitch', label: string) => (
    <Switch label={label} description={defaultWords(DEFAULTS[key])} {...form.getInputProps(`settings.tiktok.${key}`, { type: 'checkbox' })} />
  );
  return (
    <Fieldset legend="TikTok settings">
      <Stack gap="sm">
        <NativeSelect
          label="Who can view"
          data={VIEWER_OPTIONS}
          {...form.getInputProps('settings.tiktok.viewerSetting')}
          error={problems['settings.tiktok.viewerSetting']}
        />
        {allow('allowComments', 'Allow comments')}
        {allow('allowDuet', 'Allow duets')}
        {allow('allowStitch', 'Allow stitches')}
        <Switch
          label="Commercial content"
          description={`This video promotes a brand, a product or a service. ${defaultWords(DEFAULTS.commercialContent)}`}
          checked={tiktok.commercialContent}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            form.setFieldValue('settings.tiktok.commercialContent', on);
            // The kinds mean nothing without the disclosure: turning it off puts them back to their defaults.
            if (!on) {
              form.setFieldValue('settings.tiktok.brandOrganic', DEFAULTS.brandOrganic);
              form.setFieldValue('settings.tiktok.brandedContent', DEFAULTS.brandedContent);
            }
          }}
        />
        {tiktok.commercialContent && (
          <Checkbox.Group
            label="What it promotes"
            value={kinds}
            onChange={(value) => {
              form.setFieldValue('settings.tiktok.brandOrganic', value.includes('brandOrganic'));
              form.setFieldValue('settings.tiktok.brandedContent', value.includes('brandedContent'));
            }}
            error={problems['settings.tiktok.commercialKind']}
            pl="md"
          >
            <Stack gap="xs" mt={4}>
              <Checkbox value="brandOrganic" label="Your brand" description="You are promoting yourself or your own business" />
              <Checkbox value="brandedContent" label="Branded content" description="A paid partnership: you are promoting another brand" />
            </Stack>
          </Checkbox.Group>
        )}
      </Stack>
    </Fieldset>
  );
}
