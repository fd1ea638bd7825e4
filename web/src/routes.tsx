import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { NotFoundPage } from './pages/NotFound';
import { OverviewPage } from './pages/Overview';
import { Shell } from './pages/Shell';
import { safeNext, SignInPage, SignUpPage } from './pages/SignIn';
import { useSession } from './session';

// Pages with their own queries load on first visit, keeping the first script small.
const ApiKeysPage = lazy(() => import('./pages/ApiKeys'));
const AdminUsersPage = lazy(() => import('./pages/AdminUsers'));
const WebhooksPage = lazy(() => import('./pages/Webhooks'));
const ConnectionsPage = lazy(() => import('./pages/Connections'));
const PostsPage = lazy(() => import('./pages/Posts'));
const ComposePage = lazy(() => import('./pages/Compose'));
const WorkspacePage = lazy(() => import('./pages/Workspace'));
const SettingsPage = lazy(() => import('./pages/Settings'));

/** A loading state: a named live region (the spinner's own span may not carry a label, axe says), its words for screen readers. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite" aria-label={label}>
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

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
        element={
          <RequireSession>
            <Shell />
          </RequireSession>
        }
      >
        <Route index element={<OverviewPage />} />
        <Route
          path="posts"
          element={
            <Suspense fallback={<PageLoader />}>
              <PostsPage />
            </Suspense>
          }
        />
        <Route
          path="compose"
          element={
            <Suspense fallback={<PageLoader />}>
              <ComposePage />
            </Suspense>
          }
        />
        <Route
          path="connections"
          element={
            <Suspense fallback={<PageLoader />}>
              <ConnectionsPage />
            </Suspense>
          }
        />
        <Route
          path="webhook-endpoints"
          element={
            <Suspense fallback={<PageLoader />}>
              <WebhooksPage />
            </Suspense>
          }
        />
        <Route
          path="settings"
          element={
            <Suspense fallback={<PageLoader />}>
              <SettingsPage />
            </Suspense>
          }
        />
        <Route
          path="api-keys"
          element={
            <Suspense fallback={<PageLoader />}>
              <ApiKeysPage />
            </Suspense>
          }
        />
        <Route
          path="workspace"
          element={
            // The page itself tells someone without workspaces why it is not for them.
            <Suspense fallback={<PageLoader />}>
              <WorkspacePage />
            </Suspense>
          }
        />
        <Route
          path="admin/users"
          element={
            <AdminOnly>
              <Suspense fallback={<PageLoader />}>
                <AdminUsersPage />
              </Suspense>
            </AdminOnly>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
