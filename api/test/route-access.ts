// Who may call each API route: the one table the role × route test checks against.

// advisor: admins and service advisors (technicians get 403).
export type Access = 'public' | 'user' | 'advisor' | 'admin';

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/config': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/invites/:p': 'public',
  'POST /api/invites/:p/accept': 'public',
  'GET /api/public/inspections/:p': 'public',
  'PUT /api/public/inspections/:p/services/:p/approve': 'public',
  'PUT /api/public/inspections/:p/services/:p/decline': 'public',
  'GET /api/public/invoices/:p': 'public',
  'GET /api/public/inspections/:p/media/:p/files/:p/:p': 'public',
  'GET /api/public/invoices/:p/media/:p/files/:p/:p': 'public',
  'PUT /api/public/invoices/:p/services/:p/approve': 'public',
  'PUT /api/public/invoices/:p/services/:p/decline': 'public',

  'GET /api/user': 'user',
  'PATCH /api/user/password': 'user',
  'PUT /api/user/settings': 'user',
  'GET /api/dashboard/stats': 'user',
  'GET /api/customers': 'user',
  'POST /api/customers': 'user',
  'GET /api/customers/:p': 'user',
  'PUT /api/customers/:p': 'user',
  'DELETE /api/customers/:p': 'user',
  'GET /api/customers/:p/vehicles': 'user',
  'GET /api/vehicles': 'user',
  'POST /api/vehicles': 'user',
  'GET /api/vehicles/:p': 'user',
  'PATCH /api/vehicles/:p': 'user',
  'PUT /api/vehicles/:p': 'user',
  'DELETE /api/vehicles/:p': 'user',
  'GET /api/inspections': 'user',
  'POST /api/inspections': 'user',
  'GET /api/inspections/:p': 'user',
  'PUT /api/inspections/:p': 'user',
  'PATCH /api/inspections/:p': 'user',
  'POST /api/inspections/:p/notes': 'user',
  'DELETE /api/inspections/:p/notes/:p': 'user',
  'POST /api/services': 'user',
  'PUT /api/services/:p': 'user',
  'DELETE /api/services/:p': 'user',
  'POST /api/services/:p/parts': 'user',
  'DELETE /api/services/:p/parts/:p': 'user',
  'GET /api/inspections/:p/decisions': 'user',
  'GET /api/invoices': 'user',
  'POST /api/invoices': 'user',
  'GET /api/invoices/:p': 'user',
  'PATCH /api/invoices/:p': 'user',
  'DELETE /api/invoices/:p': 'user',
  'POST /api/invoices/:p/line-items': 'user',
  'DELETE /api/invoices/:p/line-items/:p': 'user',
  'GET /api/email-templates': 'user',
  'GET /api/email-templates/:p': 'user',
  'GET /api/sync/changes': 'user',
  'GET /api/deferred-work': 'user',
  'GET /api/deferred-work/:p': 'user',
  'PATCH /api/deferred-work/:p': 'user',
  'POST /api/inspections/:p/sends': 'advisor',
  'GET /api/inspections/:p/sends': 'user',
  'POST /api/invoices/:p/sends': 'advisor',
  'GET /api/invoices/:p/sends': 'user',
  'GET /api/dashboard/unviewed-sends': 'user',
  // Photos and videos: the tus upload endpoint (HEAD too), the rows, and their files.
  'POST /api/uploads': 'user',
  'PATCH /api/uploads/:p': 'user',
  'DELETE /api/uploads/:p': 'user',
  'GET /api/media/:p': 'user',
  'PATCH /api/media/:p': 'user',
  'DELETE /api/media/:p': 'user',
  'GET /api/media/:p/files/:p/:p': 'user',
  'GET /api/inspections/:p/media': 'user',
  // The API description; the page sends a signed-out browser to /auth (a JSON client gets 401).
  'GET /api/openapi.json': 'user',
  'GET /api/docs': 'user',
  'GET /api/docs/json': 'user',
  'GET /api/docs/yaml': 'user',
  'GET /api/docs/static/index.html': 'user',
  'GET /api/docs/static/swagger-initializer.js': 'user',
  'GET /api/docs/static/*': 'user',

  'POST /api/email-templates': 'admin',
  'PUT /api/email-templates/:p': 'admin',
  'DELETE /api/email-templates/:p': 'admin',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'GET /api/users/:p': 'admin',
  'PUT /api/users/:p': 'admin',
  'DELETE /api/users/:p': 'admin',
  'GET /api/users/:p/data': 'admin',
  'POST /api/users/:p/approve': 'admin',
  'GET /api/invites': 'admin',
  'POST /api/invites': 'admin',
  'DELETE /api/invites/:p': 'admin',
  'GET /api/shop-settings': 'admin',
  'PUT /api/shop-settings': 'admin',

  'GET /api/reports/funnel': 'advisor',
};

/** "METHOD /path/:anyName" → "METHOD /path/:p", so parameter names do not matter. */
export function routeKey(method: string, url: string): string {
  return `${method} ${url.replace(/:[A-Za-z0-9_]+/g, ':p')}`;
}

/** A concrete URL for a route key, with a well-formed id that matches nothing. */
export function sampleUrl(key: string, id = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00'): string {
  return key.split(' ')[1]!.replaceAll(':p', id);
}
