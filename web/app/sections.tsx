import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingBlock } from '../components/ui/spinner';
import type { Section } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { AccessDenied } from './routes/access-denied';
import { ComingSoon } from './routes/coming-soon';

// Each section is its own chunk, loaded when first opened.
const DashboardSection = lazy(() =>
  import('../features/dashboard/components/dashboard-section').then((m) => ({ default: m.DashboardSection })),
);
const CustomersSection = lazy(() =>
  import('../features/customers/components/customers-section').then((m) => ({ default: m.CustomersSection })),
);
const VehiclesSection = lazy(() =>
  import('../features/vehicles/components/vehicles-section').then((m) => ({ default: m.VehiclesSection })),
);

const InvoicesSection = () => <ComingSoon title="Receipts" what="Receipts and invoices" />;
const UsersSection = () => <ComingSoon title="User Management" what="User management" />;
const EmailTemplatesSection = () => <ComingSoon title="Email Templates" what="Email templates" />;
const SettingsSection = () => <ComingSoon title="Settings" what="Contact information and password settings" />;

const SECTION_VIEWS: Record<Section, ComponentType> = {
  dashboard: DashboardSection,
  customers: CustomersSection,
  vehicles: VehiclesSection,
  invoices: InvoicesSection,
  users: UsersSection,
  'email-templates': EmailTemplatesSection,
  settings: SettingsSection,
};

/** The active section; user management is for admins only. */
export function SectionView({ section }: { section: Section }) {
  const user = useCurrentUser();
  if (section === 'users' && user?.role !== 'admin') return <AccessDenied />;
  const View = SECTION_VIEWS[section];
  return (
    <Suspense fallback={<LoadingBlock />}>
      <View key={section} />
    </Suspense>
  );
}
