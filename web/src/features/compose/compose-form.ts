import { PLATFORM_SETTINGS_DEFAULTS, type PlatformSettingsValues } from '@app/rules';
import type { UseFormReturnType } from '@mantine/form';

/** The composer's form: the chosen accounts are compound platform ids, `when` an ISO instant from the picker. */
export interface ComposeValues {
  content: string;
  accounts: string[];
  when: string | null;
  /** Every kept platform's settings, starting at the service's defaults; only changes are sent. */
  settings: PlatformSettingsValues;
}

export type ComposeForm = UseFormReturnType<ComposeValues>;

export const initialComposeValues = (): ComposeValues => ({
  content: '',
  accounts: [],
  when: null,
  settings: structuredClone(PLATFORM_SETTINGS_DEFAULTS) as PlatformSettingsValues,
});
