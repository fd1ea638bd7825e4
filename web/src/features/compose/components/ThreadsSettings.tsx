import { PLATFORM_SETTINGS_DEFAULTS, THREADS_REPLY_CONTROLS } from '@app/rules';
import { Fieldset, NativeSelect } from '@mantine/core';
import type { ComposeForm } from '../compose-form';
import { REPLY_CONTROL_LABELS } from '../platform-settings';
import { optionsOf } from './setting-options';

const OPTIONS = optionsOf(THREADS_REPLY_CONTROLS, REPLY_CONTROL_LABELS, PLATFORM_SETTINGS_DEFAULTS.threads.replyControl);

/** Threads' kept setting: who may reply (the default sends nothing, so the account's own setting applies). */
export function ThreadsSettings({ form }: { form: ComposeForm }) {
  return (
    <Fieldset legend="Threads settings">
      <NativeSelect
        label="Who can reply"
        description="The default sends nothing, so the reply setting of the account on Threads applies."
        data={OPTIONS}
        {...form.getInputProps('settings.threads.replyControl')}
      />
    </Fieldset>
  );
}
