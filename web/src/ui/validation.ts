import { isAcceptablePassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@app/rules';

/** The service's password rule (libs/rules) in the dashboard's words: a field's description. */
export const PASSWORD_LENGTH = `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;

/** A new password's problem for a form's `validate`, or null. */
export const newPasswordProblem = (password: string): string | null => (isAcceptablePassword(password) ? null : `Use ${PASSWORD_LENGTH}`);

/** A form rule: something shaped like an email address (the service checks it fully), else `message`. */
export const emailShaped =
  (message: string) =>
  (value: string): string | null =>
    /^\S+@\S+\.\S+$/.test(value.trim()) ? null : message;
