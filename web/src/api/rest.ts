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
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
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
