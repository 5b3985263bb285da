import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingBlock } from '@web/components/ui/spinner';
import type { Section } from '@web/config/paths';
import { useCurrentUser } from '@web/features/auth/api/use-current-user';
import { DEFERRED_ROLES } from './layout/nav-items';
import { AccessDenied } from './routes/access-denied';

// Each section is its own chunk, loaded when first opened.
const DashboardSection = lazy(() =>
  import('@web/features/dashboard/components/dashboard-section').then((m) => ({ default: m.DashboardSection })),
);
const CustomersSection = lazy(() =>
  import('@web/features/customers/components/customers-section').then((m) => ({ default: m.CustomersSection })),
);
const VehiclesSection = lazy(() =>
  import('@web/features/vehicles/components/vehicles-section').then((m) => ({ default: m.VehiclesSection })),
);

const InvoicesSection = lazy(() =>
  import('@web/features/invoices/components/invoices-section').then((m) => ({ default: m.InvoicesSection })),
);
const DeferredSection = lazy(() =>
  import('@web/features/deferred/components/deferred-section').then((m) => ({ default: m.DeferredSection })),
);
const ReportsSection = lazy(() =>
  import('@web/features/reports/components/reports-section').then((m) => ({ default: m.ReportsSection })),
);
const UsersSection = lazy(() =>
  import('@web/features/users/components/users-section').then((m) => ({ default: m.UsersSection })),
);
const EmailTemplatesSection = lazy(() =>
  import('@web/features/email-templates/components/email-templates-section').then((m) => ({
    default: m.EmailTemplatesSection,
  })),
);
const SettingsSection = lazy(() =>
  import('@web/features/settings/components/settings-section').then((m) => ({ default: m.SettingsSection })),
);

const SECTION_VIEWS: Record<Section, ComponentType> = {
  dashboard: DashboardSection,
  customers: CustomersSection,
  vehicles: VehiclesSection,
  invoices: InvoicesSection,
  deferred: DeferredSection,
  reports: ReportsSection,
  users: UsersSection,
  'email-templates': EmailTemplatesSection,
  settings: SettingsSection,
};

/** The active section; user management is for admins only. */
export function SectionView({ section }: { section: Section }) {
  const user = useCurrentUser();
  if (section === 'users' && user?.role !== 'admin') return <AccessDenied />;
  if (section === 'deferred' && !(user && DEFERRED_ROLES.includes(user.role))) return <AccessDenied />;
  const View = SECTION_VIEWS[section];
  return (
    <Suspense fallback={<LoadingBlock />}>
      <View key={section} />
    </Suspense>
  );
}
