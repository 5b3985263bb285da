import { AuthPage } from '@web/features/auth/components/auth-page';

export function AuthRoute() {
  return <AuthPage />;
}
