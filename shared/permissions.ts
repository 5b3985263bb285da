import type { Role } from './constants';

/**
 * The role table: what not every staff role may do, the roles that may by default, and a role a
 * shop setting may add. The API enforces it (`requirePermission` in `api/plugins/auth.ts`) and the
 * staff app reads it to offer only what the server would accept.
 */
export const PERMISSIONS = ['sendToCustomer'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The shop settings that widen a permission (`GET/PUT /api/shop-settings`). */
export const PERMISSION_SETTINGS = ['techniciansMaySend'] as const;
export type PermissionSetting = (typeof PERMISSION_SETTINGS)[number];
export type PermissionSettings = Record<PermissionSetting, boolean>;

export interface PermissionRule {
  roles: readonly Role[];
  /** Another role that may too while the shop setting is on. */
  shopAllows?: { role: Role; setting: PermissionSetting };
  /** What a refused user is told. */
  refusal: string;
}

export const ROLE_TABLE: Record<Permission, PermissionRule> = {
  // Sending reaches the customer from the shop's mail server: the front desk's job unless the shop says otherwise.
  sendToCustomer: {
    roles: ['admin', 'service_advisor'],
    shopAllows: { role: 'technician', setting: 'techniciansMaySend' },
    refusal:
      'Your role does not allow sending to customers. An administrator can allow technicians to send in Settings.',
  },
};

/** Whether a user of `role` may do `permission` under the shop's settings. */
export function mayDo(permission: Permission, role: string, settings: PermissionSettings): boolean {
  const rule = ROLE_TABLE[permission];
  if ((rule.roles as readonly string[]).includes(role)) return true;
  return rule.shopAllows !== undefined && rule.shopAllows.role === role && settings[rule.shopAllows.setting];
}
