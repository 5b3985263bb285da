import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '@api/test/app';
import { describedRoutes, openApiPath } from '@api/test/request-battery';

const t = await useTestApp();

type Document = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

let technician: Client;
let document: Document;

beforeAll(async () => {
  technician = await t.signIn('technician');
  const res = await technician.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  document = res.json<Document>();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route the server has, by method and path', () => {
    const routes = describedRoutes(t.app.registeredRoutes);
    expect(routes.length).toBeGreaterThan(45);
    const missing = routes.filter(([method, url]) => !document.paths[openApiPath(url)]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('names the session cookie as the security scheme of the staff calls, and none for the share pages', () => {
    const full = document as unknown as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security: unknown[] }>>;
    };
    expect(full.components.securitySchemes).toEqual({
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: 'baywise.sid',
        description: 'The session cookie `POST /api/login` sets',
      },
    });
    expect(full.paths['/api/customers']!.get!.security).toEqual([{ session: [] }]);
    expect(full.paths['/api/public/inspections/{token}']!.get!.security).toEqual([]);
  });

  it("describes the lists' headers, and keyset paging where a list takes after=", () => {
    type Operation = {
      parameters?: { name: string; in: string }[];
      responses: Record<string, { headers?: Record<string, { required: boolean; schema: unknown }> }>;
    };
    const get = (path: string) => (document.paths[path] as Record<string, Operation>).get!;
    for (const path of ['/api/customers', '/api/inspections']) {
      expect(
        get(path)
          .parameters!.filter((p) => p.in === 'query')
          .map((p) => p.name),
      ).toContain('after');
      expect(get(path).responses['200']!.headers).toEqual({
        'X-Total-Count': expect.objectContaining({ required: true, schema: { type: 'string' } }),
        'X-Next-Cursor': expect.objectContaining({ required: false, schema: { type: 'string' } }),
      });
    }
    expect(Object.keys(get('/api/vehicles').responses['200']!.headers!)).toEqual(['X-Total-Count']);
    expect(get('/api/customers/{id}').responses['200']!.headers).toBeUndefined();
  });

  it('is JSON 401 when signed out, and the same document for every role', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'You need to sign in' });
    const admin = await t.signIn('admin');
    const again = await admin.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.json()).toEqual(document);
  });
});

describe('GET /api/docs', () => {
  it('serves the Swagger UI page to signed-in staff, its scripts as files', async () => {
    const res = await technician.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Baywise API</title>');
    expect(res.body).toContain('src="/api/docs/static/swagger-initializer.js"');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;| 'sha256)/);
  });

  it('sends a signed-out browser to the sign-in page, and answers other clients 401', async () => {
    const browser = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html,*/*' } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/auth');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(401);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { accept: 'text/html' } });
    expect(json.statusCode).toBe(401);
  });
});
