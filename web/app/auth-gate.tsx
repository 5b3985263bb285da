import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useCurrentUserQuery } from '@web/features/auth/api/use-current-user';
import { lastSignedInUserId } from '@web/lib/current-user';
import { PendingApproval } from '@web/features/auth/components/pending-approval';
import { ChooseOwnPassword } from './choose-own-password';
import { LoadError } from './routes/load-error';

/**
 * Signed-in pages: a full-screen spinner while the user loads; nobody signed in → /auth; an account
 * still waiting for an administrator's approval sees only that, and one that must choose its own
 * password sees only the form for it.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
  const location = useLocation();
  if (query.isPending) return <FullScreenSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  // The screen is remembered with whoever was on it, so only the same user comes back to it.
  if (!query.data) return <Navigate to={paths.auth} replace state={{ from: location, userId: lastSignedInUserId() }} />;
  if (query.data.status === 'pending') return <PendingApproval username={query.data.username} />;
  if (query.data.mustChangePassword) return <ChooseOwnPassword username={query.data.username} />;
  return children;
}

interface AuthState {
  from?: { pathname: string; search: string };
  /** Who was signed in when the screen was left; null for a link opened signed out. */
  userId?: string | null;
}

/**
 * /auth: a signed-in user goes to the dashboard, or back where the sign-in was asked for when it
 * is the same user (a session that expired) or nobody was signed in (a link opened signed out).
 * Another user starts on the dashboard, never on the previous user's screen.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
  const location = useLocation();
  if (query.isPending) return <FullScreenSpinner />;
  if (query.data) {
    const state = location.state as AuthState | null;
    const sameUser = !state?.userId || state.userId === query.data.id;
    const from = sameUser ? state?.from : undefined;
    return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  }
  return children;
}
