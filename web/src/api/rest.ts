/** The dashboard's REST calls: sign-up, sign-in and sign-out live under /auth (docs/auth.md). */
export interface SessionUser {
  id: string;
  email: string;
  plan: string;
  isAdmin: boolean;
  parentUserId: string | null;
  workspacesEnabled: boolean;
  apiAccess: boolean;
  mcpAccess: boolean;
  seats: number;
}

/** An error the server explained ({ "error": "…" }), with its status. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function post<T>(path: string, body: unknown): Promise<T> {
  return send<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function get<T>(path: string): Promise<T> {
  return send<T>(path, { method: 'GET', headers: { accept: 'application/json' } });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError('The service cannot be reached. Check your connection and try again.', 0);
  }
  const data = (await response.json().catch(() => ({}))) as { error?: string } & T;
  if (!response.ok) {
    const retry = response.headers.get('retry-after');
    const message = data.error ?? `Request failed (${response.status})`;
    throw new ApiRequestError(retry ? `${message} (retry in ${retry} s)` : message, response.status);
  }
  return data;
}

export const auth = {
  register: (email: string, password: string) => post<{ user: SessionUser }>('/auth/register', { email, password }),
  login: (email: string, password: string) => post<{ user: SessionUser }>('/auth/login', { email, password }),
  logout: () => post<{ message: string }>('/auth/logout', {}),
};

/** What an invitation link offers (`GET /auth/invites/:token`, docs/teams.md). */
export interface InviteDescription {
  email: string;
  role: string;
  accountEmail: string;
  accountName: string | null;
  expiresAt: string;
  /** An account exists for the address: sign in with it to accept. */
  hasAccount: boolean;
}

export interface AcceptedInvite {
  accountId: string;
  role: string;
  user: SessionUser;
}

const invitePath = (token: string) => `/auth/invites/${encodeURIComponent(token)}`;

export const invites = {
  describe: (token: string) => get<InviteDescription>(invitePath(token)),
  /** Signed in with the invited address: no password; else `password` makes the account (and signs in). */
  accept: (token: string, password?: string) => post<AcceptedInvite>(`${invitePath(token)}/accept`, password === undefined ? {} : { password }),
};
