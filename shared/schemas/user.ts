import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES, SIGN_UP_MODES, USER_STATUSES } from '@shared/constants';
import { idSchema, listQuery, optionalText, requiredText, timestamp } from './common';
import { customerResponse } from './customer';
import { vehicleResponse } from './vehicle';

export const PASSWORD_MIN_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORDS_MISMATCH_MESSAGE = "Passwords don't match";
export const EMAIL_MESSAGE = 'Please enter a valid email';
export const URL_MESSAGE = 'Please enter a valid URL';

export const usernameInput = requiredText('Username is required', 50, 'Username');
export const emailInput = z
  .string(EMAIL_MESSAGE)
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE))
  .transform((v) => v.toLowerCase());
export const passwordInput = z
  .string('Password is required')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MIN_MESSAGE)
  .max(200, 'Password must be at most 200 characters');
export const roleInput = z.enum(ROLES, 'Role must be Administrator, Technician or Service Advisor');

/** A website or blank; "shop.example" is taken as "https://shop.example". */
export const websiteInput = z
  .string(URL_MESSAGE)
  .trim()
  .max(300, URL_MESSAGE)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const withScheme = /^https?:\/\//i.test(v) ? v : `https://${v}`;
    try {
      const url = new URL(withScheme);
      if (!url.hostname.includes('.') && url.hostname !== 'localhost') throw new Error('no host');
      return withScheme;
    } catch {
      ctx.addIssue({ code: 'custom', message: URL_MESSAGE });
      return z.NEVER;
    }
  });

export const userResponse = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  website: z.string().nullable(),
  /**
   * The password predates today's rules (e.g. shorter than 8 characters): ask for a new one. The
   * API always sends it; optional so users kept on a device by an older version still read.
   */
  passwordChangeRequired: z.boolean().optional(),
  /** The password was handed out (the demo's): nothing else works until the user chooses a new one. */
  mustChangePassword: z.boolean().optional(),
  /** 'pending' until an admin approves an account from the open sign-up; optional like the flag above. */
  status: z.enum(USER_STATUSES).optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type User = z.infer<typeof userResponse>;

export const loginBody = z.object({
  username: z.string('Username is required').trim().min(1, 'Username is required').max(200),
  password: z.string('Password is required').min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const SETUP_CODE_MESSAGE = 'Setup code is required';

export const registerBody = z.object({
  username: usernameInput,
  email: emailInput,
  role: roleInput.default('technician'),
  password: passwordInput,
  /** The code the server printed on an empty database: it alone makes the first admin's account. */
  setupCode: z.string(SETUP_CODE_MESSAGE).trim().min(1, SETUP_CODE_MESSAGE).max(100).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

/** The one answer (202) to every accepted open sign-up, whether its username or email is taken or not. */
export const SIGN_UP_RECEIVED_MESSAGE = 'If the details are accepted, an admin will approve the account';
export const signUpReceivedResponse = z.object({ message: z.literal(SIGN_UP_RECEIVED_MESSAGE) });
export type SignUpReceived = z.infer<typeof signUpReceivedResponse>;

/** A form's schema: its API body plus a confirmation of the password that is never sent. */
export function withPasswordConfirmation<
  Shape extends z.ZodRawShape & { password: typeof passwordInput },
  Config extends z.core.$ZodObjectConfig,
>(body: z.ZodObject<Shape, Config>) {
  return body
    .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
    .refine((v: { password?: unknown; confirmPassword?: unknown }) => v.password === v.confirmPassword, {
      message: PASSWORDS_MISMATCH_MESSAGE,
      path: ['confirmPassword'],
    });
}

/** The sign-up form: the API body plus a confirmation that is never sent. */
export const registerForm = withPasswordConfirmation(registerBody);

/** The setup page: the empty shop's administrator, with the server's setup code (required here). */
export const setupForm = withPasswordConfirmation(
  registerBody.extend({ setupCode: z.string(SETUP_CODE_MESSAGE).trim().min(1, SETUP_CODE_MESSAGE).max(100) }),
);

export const changePasswordBody = z.object({
  currentPassword: z.string('Current password is required').min(1, 'Current password is required').max(200),
  newPassword: passwordInput,
});

export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });

/** Contact information: the email is always sent; other fields change only when sent (blank clears). */
export const settingsBody = z.object({
  email: emailInput,
  companyName: optionalText(200, 'Company name').optional(),
  phone: optionalText(50, 'Phone').optional(),
  address: optionalText(300, 'Address').optional(),
  city: optionalText(100, 'City').optional(),
  state: optionalText(100, 'State').optional(),
  zipCode: optionalText(20, 'ZIP code').optional(),
  website: websiteInput.optional(),
});
export type SettingsBody = z.input<typeof settingsBody>;

/** Admin's create-user call; the form adds confirmPassword. */
export const createUserBody = z.object({
  id: idSchema.optional(),
  username: usernameInput,
  email: emailInput,
  role: roleInput.default('technician'),
  password: passwordInput,
});

/** Admin's edit-user call: a blank or missing password keeps the current one. */
export const updateUserBody = z.object({
  username: usernameInput.optional(),
  email: emailInput.optional(),
  role: roleInput.optional(),
  password: z
    .union([z.literal(''), passwordInput])
    .nullish()
    .transform((v) => (v ? v : undefined)),
});

export const userFormConfirm = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_MIN_MESSAGE);

export const LOGOUT_BODY_MESSAGE = 'Sign-out takes no request body';
/** Sign-out takes no body (or an empty object); anything else in one is a client mistake. */
export const logoutBody = z.strictObject({}, LOGOUT_BODY_MESSAGE).nullish();

export const appConfigResponse = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  /** The one email an administrator account may have (ADMIN_EMAIL): told to signed-in administrators only. */
  adminEmail: z.string().optional(),
  /** What the Sign Up tab offers: an open form, or how to get an account (an empty shop's too). */
  signUp: z.enum(SIGN_UP_MODES),
  /** The server emails share links itself (SMTP_URL is set); otherwise the app opens the device's mail app. */
  emailSending: z.boolean(),
});

export const usersQuery = listQuery.extend({
  role: z.enum([...ROLES, 'all'], 'Role must be admin, technician, service_advisor or all').optional(),
  /** Active accounts unless asked: pending ones wait on the Users screen, not in technician lists. */
  status: z.enum([...USER_STATUSES, 'all'], 'Status must be active, pending or all').default('active'),
});
export type UsersQuery = z.infer<typeof usersQuery>;

export const userListResponse = z.array(userResponse);

/** A customer the user created, as the user data view lists it. */
export const userDataCustomer = customerResponse;

/** A vehicle the user created. */
export const userDataVehicle = vehicleResponse.omit({ customerName: true });

/** An inspection the user is the technician of, with who and what it was for. */
export const userDataInspection = z.object({
  id: z.string(),
  customerId: z.string(),
  vehicleId: z.string(),
  technicianId: z.string().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  customer: z.object({ id: z.string(), name: z.string() }),
  vehicle: z.object({ id: z.string(), year: z.number(), make: z.string(), model: z.string() }),
});

export const userDataResponse = z.object({
  user: userResponse,
  customers: z.array(userDataCustomer),
  vehicles: z.array(userDataVehicle),
  inspections: z.array(userDataInspection),
});
export type UserData = z.infer<typeof userDataResponse>;
