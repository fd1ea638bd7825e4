/** The workspace routes' messages (reference notes, "Workspace"; docs/workspace.md). */
export const WorkspaceMessages = {
  emailRequired: 'Email is required',
  emailTaken: 'User with this email already exists',
  notManaged: 'User not found or not managed by this key',
  apiKeyGenerated: 'API key generated successfully',
  invalidRotate: 'rotate must be a boolean',
  invalidExpiresInDays: 'expiresInDays must be a positive number',
  expiresInDaysTooLong: 'expiresInDays must be at most 365',
  invalidDisplayName: 'displayName must be a string of at most 100 characters',
  // The hosted connection page (HTML).
  linkGone: 'This connection link has expired or was replaced. Ask for a new link.',
} as const;

/** How long a connection link lasts unless `expiresInDays` says otherwise (workspace.md: 90 days). */
export const DEFAULT_LINK_DAYS = 90;

/** The longest a connection link may last (workspace.md): a year, then the owner makes a new one. */
export const MAX_LINK_DAYS = 365;
