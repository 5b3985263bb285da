import { AuthPage } from '../../features/auth/components/auth-page';

export function AuthRoute() {
  return <AuthPage />;
}
