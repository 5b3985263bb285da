import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useCurrentUserQuery } from '../features/auth/api/use-current-user';
import { PendingApproval } from '../features/auth/components/pending-approval';
import { LoadError } from './routes/load-error';

/**
 * Signed-in pages: a full-screen spinner while the user loads; nobody signed in → /auth; an account
 * still waiting for an administrator's approval sees only that.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
  const location = useLocation();
  if (query.isPending) return <FullScreenSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <Navigate to={paths.auth} replace state={{ from: location }} />;
  if (query.data.status === 'pending') return <PendingApproval username={query.data.username} />;
  return children;
}

/** /auth: a signed-in user goes to / (or back where the sign-in was asked for). */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
  const location = useLocation();
  if (query.isPending) return <FullScreenSpinner />;
  if (query.data) {
    const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  }
  return children;
}
