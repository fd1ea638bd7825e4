import { OPTIONAL_PLATFORM_SETTINGS_DEFAULTS } from '@app/rules';
import { Checkbox, Fieldset, Stack } from '@mantine/core';
import type { ComposeForm } from '../compose-form';
import { TELEGRAM_OPTIONS } from '../platform-settings';
import { defaultWords } from './setting-options';

const DEFAULTS = OPTIONAL_PLATFORM_SETTINGS_DEFAULTS.telegram;

/** Telegram's send options (Bot API): each off by default, and only those switched on are sent. */
export function TelegramSettings({ form }: { form: ComposeForm }) {
  return (
    <Fieldset legend="Telegram settings">
      <Stack gap="sm">
        {TELEGRAM_OPTIONS.map((o) => (
          <Checkbox
            key={o.key}
            label={o.label}
            description={`${o.description} ${defaultWords(DEFAULTS[o.key])}`}
            {...form.getInputProps(`settings.telegram.${o.key}`, { type: 'checkbox' })}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}
