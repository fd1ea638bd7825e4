import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { safeNext } from './features/auth/sign-in/safe-next';
import { SignInPage, SignUpPage } from './features/auth/sign-in/SignInPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { OverviewPage } from './features/overview/OverviewPage';
import { useSession } from './session/session';
import { Shell } from './shell/Shell';
import { PageLoader } from './ui/PageLoader';

/**
 * The signed-in pages with their own queries, by path: each loads on first visit, keeping the
 * first script small. The route table imports the pages; no page imports it.
 */
const LAZY_PAGES: Array<{ path: string; Page: LazyExoticComponent<ComponentType>; adminOnly?: boolean }> = [
  { path: 'posts', Page: lazy(() => import('./features/posts/PostsPage')) },
  { path: 'compose', Page: lazy(() => import('./features/compose/ComposePage')) },
  // Editors and above import (the page tells a viewer why not).
  { path: 'import', Page: lazy(() => import('./features/import/ImportPage')) },
  { path: 'queue', Page: lazy(() => import('./features/queue/QueuePage')) },
  { path: 'analytics', Page: lazy(() => import('./features/analytics/AnalyticsPage')) },
  { path: 'connections', Page: lazy(() => import('./features/connections/ConnectionsPage')) },
  { path: 'webhook-endpoints', Page: lazy(() => import('./features/webhooks/WebhooksPage')) },
  { path: 'settings', Page: lazy(() => import('./features/settings/SettingsPage')) },
  { path: 'team', Page: lazy(() => import('./features/team/TeamPage')) },
  // Everyone may read it; the owner and admins approve (the page says so to the others).
  { path: 'approvals', Page: lazy(() => import('./features/approvals/ApprovalsPage')) },
  { path: 'api-keys', Page: lazy(() => import('./features/api-keys/ApiKeysPage')) },
  // The owner's and admins' (the navigation offers it only to them; the page tells anyone else why).
  { path: 'audit', Page: lazy(() => import('./features/audit/AuditPage')) },
  // The page itself tells someone without workspaces why it is not for them.
  { path: 'workspace', Page: lazy(() => import('./features/workspace/WorkspacePage')) },
  { path: 'admin/users', Page: lazy(() => import('./features/admin-users/AdminUsersPage')), adminOnly: true },
];

/** An invitation link: open signed in or not (the page offers what fits either). */
const InvitePage = lazy(() => import('./features/invite/InvitePage'));

function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoader label="Loading your account" />;
  if (state.status === 'signed-out') {
    const next = location.pathname === '/' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/sign-in${next}`} replace state={{ reason: state.reason }} />;
  }
  return children;
}

function PublicOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const [params] = useSearchParams();
  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'signed-in') return <Navigate to={safeNext(params.get('next'))} replace />;
  return children;
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  if (state.status !== 'signed-in' || !state.user.isAdmin) return <NotFoundPage />;
  return children;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/sign-in"
        element={
          <PublicOnly>
            <SignInPage />
          </PublicOnly>
        }
      />
      <Route
        path="/sign-up"
        element={
          <PublicOnly>
            <SignUpPage />
          </PublicOnly>
        }
      />
      <Route
        path="/invite/:token"
        element={
          <Suspense fallback={<PageLoader />}>
            <InvitePage />
          </Suspense>
        }
      />
      <Route
        element={
          <RequireSession>
            <Shell />
          </RequireSession>
        }
      >
        <Route index element={<OverviewPage />} />
        {LAZY_PAGES.map(({ path, Page, adminOnly }) => {
          const page = (
            <Suspense fallback={<PageLoader />}>
              <Page />
            </Suspense>
          );
          return <Route key={path} path={path} element={adminOnly ? <AdminOnly>{page}</AdminOnly> : page} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
