import {
  BarChart3,
  Car,
  ClipboardList,
  LayoutDashboard,
  Mail,
  Receipt,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@shared/constants';
import type { Section } from '@web/config/paths';

export interface NavItem {
  section: Section;
  label: string;
  icon: LucideIcon;
}

/** For every role. */
export const MAIN_NAV: readonly NavItem[] = [
  { section: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { section: 'customers', label: 'Customers', icon: Users },
  { section: 'vehicles', label: 'Vehicles', icon: Car },
  { section: 'invoices', label: 'Invoices', icon: Receipt },
];

/** Who follows declined work up with customers: the front desk and the owner. */
export const DEFERRED_ROLES: readonly Role[] = ['admin', 'service_advisor'];
export const DEFERRED_NAV: NavItem = { section: 'deferred', label: 'Deferred work', icon: ClipboardList };
/** Admins and service advisors (the reports compare people and revenue). */
export const REPORTS_ROLES: readonly Role[] = ['admin', 'service_advisor'];
export const REPORTS_NAV: NavItem = { section: 'reports', label: 'Reports', icon: BarChart3 };

/** The 'Admin' group: admins only. */
export const ADMIN_NAV: readonly NavItem[] = [
  { section: 'users', label: 'User Management', icon: UserCog },
  { section: 'email-templates', label: 'Email Templates', icon: Mail },
];
