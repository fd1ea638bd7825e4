/**
 * Every client-visible message of the auth module in one place. The API-key ones are the spec's
 * exact texts ("Errors / Shared by all API-key endpoints" and "API key management"); the
 * dashboard-session ones are ours (docs/auth.md).
 */
export const AuthMessages = {
  // Shared by all API-key endpoints (spec).
  apiKeyRequired: 'API key is required',
  invalidApiKey: 'Invalid API key',
  invalidApiKeyOwner: 'Invalid API key owner',
  /** An embedding app's strategy named a user this service does not have. */
  unknownIdentity: 'Unknown user',
  apiAccessDisabled: 'API access is not enabled for this account',
  mcpAccessDisabled: 'MCP access is not enabled for this account',
  invalidWorkspaceUserId: 'Invalid x-postpost-user-id',
  workspaceDisabled: 'Workspace access is not enabled for this key',
  searchTooLong: 'search must be at most 100 characters',
  workspaceOwnerApiDisabled: 'API access is not enabled for this workspace owner',
  notManagedByKey: 'User is not managed by key',
  internal: 'Internal server error',
  // API key management (spec).
  planWithoutApi: 'Your current plan does not include API access',
  tooManyKeys: 'Maximum of 10 active API keys allowed',
  createNameInvalid: 'Name must be a string with maximum 100 characters',
  userNotFound: 'User not found',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be maximum 100 characters',
  invalidKeyId: 'Invalid key ID format',
  apiKeyNotFound: 'API key not found',
  keyCreated: 'API key created successfully',
  keyUpdated: 'API key updated successfully',
  keyRevoked: 'API key revoked successfully',
  // Dashboard sessions (ours).
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  invalidCredentials: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  tooManyLoginAttempts: 'Too many failed login attempts. Try again later.',
  tooManySignUps: 'Too many sign-ups from this address. Try again later.',
  invalidEmail: 'A valid email is required',
  invalidPassword: 'Password must be between 8 and 128 characters',
  emailTaken: 'Email is already registered',
  loggedOut: 'Logged out',
  crossSiteRequest: 'Cross-site requests are not allowed',
  jsonBodyRequired: 'Content-Type must be application/json',
  invalidPlan: 'Invalid plan. Must be one of: starter, pro, premium',
  invalidParentUser: 'Parent user not found',
  invalidSeats: 'Seats must be a whole number of at least 0',
  // Dashboard account settings (ours, docs/graphql.md).
  sessionNotFound: 'Session not found',
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required to change the sign-in email',
  samePassword: 'New password must differ from the current one',
} as const;
