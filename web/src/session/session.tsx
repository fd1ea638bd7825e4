import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider as UrqlProvider } from 'urql';
import { createGraphQLClient } from '../api/client';
import { auth, type SessionUser } from '../api/rest';
import { MeQuery, TeamContextQuery } from './session.documents';

/**
 * Whether this browser signed in. The session cookie is httpOnly, so the page cannot see it; a
 * browser that never signed in goes straight to the sign-in page instead of asking the server
 * and getting a 401 (which browsers log as an error).
 */
const SIGNED_IN_KEY = 'sps.signedIn';

type SessionState = { status: 'loading' } | { status: 'signed-out'; reason?: string } | { status: 'signed-in'; user: SessionUser };

interface Session {
  state: SessionState;
  signedIn(user: SessionUser): void;
  signOut(): Promise<void>;
  /**
   * Reads the session again with a new client (an empty cache): after switching accounts or
   * accepting an invitation, when the same cookie now acts in another account.
   */
  reload(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user; only for pages inside the signed-in shell. */
export function useUser(): SessionUser {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useUser without a session');
  return state.user;
}

function remember(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage may be off; the dashboard then asks the server each time.
  }
}

function remembered(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return true;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => (remembered() ? { status: 'loading' } : { status: 'signed-out' }));
  // A new client (and so an empty cache) for every session: nothing of one account survives into the next.
  const [generation, setGeneration] = useState(0);
  const expired = useCallback(() => {
    remember(false);
    setState((s) => (s.status === 'signed-in' ? { status: 'signed-out', reason: 'Your session has ended. Please sign in again.' } : { status: 'signed-out' }));
    setGeneration((g) => g + 1);
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `generation` is the reason to build a new client
  const client = useMemo(() => createGraphQLClient(expired), [generation, expired]);

  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    void client
      .query(MeQuery, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then(async (result) => {
        // Who acts in which account, with which role: cached before the first page, so pages know
        // at once which controls the role allows (session/team.ts). A failure leaves it to the pages.
        if (result.data?.me) await client.query(TeamContextQuery, {}, { requestPolicy: 'network-only' }).toPromise();
        return result;
      })
      .then((result) => {
        if (!live) return;
        if (result.data?.me) setState({ status: 'signed-in', user: result.data.me });
        else {
          remember(false);
          setState({
            status: 'signed-out',
            reason: result.error && !result.error.graphQLErrors.length ? 'The service cannot be reached right now.' : undefined,
          });
        }
      });
    return () => {
      live = false;
    };
  }, [client, state.status]);

  const session = useMemo<Session>(
    () => ({
      state,
      signedIn(user) {
        remember(true);
        setGeneration((g) => g + 1);
        setState({ status: 'signed-in', user });
      },
      reload() {
        remember(true);
        setGeneration((g) => g + 1);
        setState({ status: 'loading' });
      },
      async signOut() {
        try {
          await auth.logout();
        } finally {
          remember(false);
          setGeneration((g) => g + 1);
          setState({ status: 'signed-out' });
        }
      },
    }),
    [state],
  );

  return (
    <SessionContext.Provider value={session}>
      <UrqlProvider value={client}>{children}</UrqlProvider>
    </SessionContext.Provider>
  );
}
