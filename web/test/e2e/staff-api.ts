import { ADMIN_EMAIL, ADMIN_PASSWORD, SHOP } from './provided';

/** A signed-in staff client over real HTTP (the session cookie is sent by hand). */
export class StaffApi {
  constructor(
    readonly baseUrl: string,
    readonly cookie: string,
  ) {}

  async call<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** The session cookie ("name=value") a sign-in or sign-up set; not the device cookie it also sets. */
export function sessionCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('baywise.sid='));
}

/** Registers the admin once (a real scrypt hash, with the server's setup code) and saves the shop's contact details. */
export async function registerAdmin(baseUrl: string, setupCode: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bayside_owner',
      email: ADMIN_EMAIL,
      role: 'admin',
      password: ADMIN_PASSWORD,
      setupCode,
    }),
  });
  if (res.status !== 201) throw new Error(`register → ${res.status}: ${await res.text()}`);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('register set no session cookie');
  await new StaffApi(baseUrl, cookie).call('PUT', '/api/user/settings', SHOP);
  return cookie;
}

/** The customer's decision from somewhere else (another tab or phone), straight to the API. */
export async function decideElsewhere(
  baseUrl: string,
  kind: 'inspections' | 'invoices',
  token: string,
  serviceId: string,
  decision: 'approve' | 'decline',
) {
  const res = await fetch(`${baseUrl}/api/public/${kind}/${token}/services/${serviceId}/${decision}`, {
    method: 'PUT',
  });
  if (!res.ok) throw new Error(`${decision} elsewhere → ${res.status}: ${await res.text()}`);
}
