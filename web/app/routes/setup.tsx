import { SetupPage } from '@web/features/auth/components/setup-page';

export function SetupRoute() {
  return <SetupPage />;
}
