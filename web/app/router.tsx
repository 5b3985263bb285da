import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { RedirectSignedIn, RequireUser } from './auth-gate';
import { NotFoundPage } from './routes/not-found';

// Route modules load on first visit: /auth never downloads the shell, and the reverse.
const AuthRoute = lazy(() => import('./routes/auth').then((m) => ({ default: m.AuthRoute })));
const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const SetupRoute = lazy(() => import('./routes/setup').then((m) => ({ default: m.SetupRoute })));
const InviteRoute = lazy(() => import('./routes/invite').then((m) => ({ default: m.InviteRoute })));
const UserRoute = lazy(() => import('./routes/user').then((m) => ({ default: m.UserRoute })));

const page = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;

const router = createBrowserRouter([
  { path: paths.auth, element: <RedirectSignedIn>{page(<AuthRoute />)}</RedirectSignedIn> },
  { path: paths.setup, element: <RedirectSignedIn>{page(<SetupRoute />)}</RedirectSignedIn> },
  { path: paths.invite(':token'), element: page(<InviteRoute />) },
  { path: '/', element: <RequireUser>{page(<HomeRoute />)}</RequireUser> },
  { path: '/users/:id', element: <RequireUser>{page(<UserRoute />)}</RequireUser> },
  { path: '*', element: <NotFoundPage /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
