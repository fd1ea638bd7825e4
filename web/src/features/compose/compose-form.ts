import { OPTIONAL_PLATFORM_SETTINGS_DEFAULTS, PLATFORM_SETTINGS_DEFAULTS, type OptionalPlatformSettingsValues, type PlatformSettingsValues } from '@app/rules';
import type { UseFormReturnType } from '@mantine/form';

/** The composer's form: the chosen accounts are compound platform ids, `when` an ISO instant from the picker. */
export interface ComposeValues {
  content: string;
  accounts: string[];
  when: string | null;
  /** Every kept platform's settings (Telegram's and LinkedIn's too), starting at the service's defaults; only changes are sent. */
  settings: ComposeSettings;
  /** Compound id → that account's own text, for the accounts given one ("Customize text"). */
  overrides: Record<string, string>;
  /** Posted under the post right after it is published; empty: none. */
  firstComment: string;
  /** An attached file's key → its alt text. */
  altTexts: Record<string, string>;
}

/** The settings the composer offers: the ones the service always keeps and the ones it keeps when given. */
export type ComposeSettings = PlatformSettingsValues & OptionalPlatformSettingsValues;

export type ComposeForm = UseFormReturnType<ComposeValues>;

export const initialComposeValues = (): ComposeValues => ({
  content: '',
  accounts: [],
  when: null,
  settings: structuredClone({ ...PLATFORM_SETTINGS_DEFAULTS, ...OPTIONAL_PLATFORM_SETTINGS_DEFAULTS }) as ComposeSettings,
  overrides: {},
  firstComment: '',
  altTexts: {},
});
