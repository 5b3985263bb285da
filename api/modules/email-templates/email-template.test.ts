import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { TEMPLATE_BODY_MAX, TEMPLATE_PLACEHOLDERS } from '@shared/schemas/email-template';
import { useTestApp } from '@api/test/app';

const t = await useTestApp();
const admin = await t.signIn('admin');
const technician = await t.signIn('technician');
const advisor = await t.signIn('service_advisor');

const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';

const valid = {
  name: 'Inspection ready',
  description: 'Send when the report is done',
  subject: 'Your [Vehicle] inspection',
  body: 'Hi [Customer Name], your report: [Inspection Link]',
};

async function create(payload: Record<string, unknown> = {}) {
  const res = await admin.inject({ method: 'POST', url: '/api/email-templates', payload: { ...valid, ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The messages of a 400 validation error, by field. */
function issues(res: {
  statusCode: number;
  json: () => { error: string; issues?: { path: string; message: string }[] };
}) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.error).toBe('validation_error');
  return Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));
}

describe('POST /api/email-templates', () => {
  it('creates a template with the defaults and returns it', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/email-templates',
      payload: { name: '  Welcome  ', subject: 'Hello', body: 'Hi [Customer Name]' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Welcome',
      description: null,
      subject: 'Hello',
      body: 'Hi [Customer Name]',
      status: 'active',
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(created.updatedAt).toBe(created.createdAt);
    const row = await t.db
      .selectFrom('emailTemplates')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Welcome');
  });

  it('keeps a 20,000-character body with every placeholder verbatim', async () => {
    const head = `Dear [Customer Name],\n\n  ${TEMPLATE_PLACEHOLDERS.join(' ')}\n`;
    const body = head + 'x'.repeat(TEMPLATE_BODY_MAX - head.length);
    expect(body).toHaveLength(TEMPLATE_BODY_MAX);
    const created = await create({ name: 'Long one', body, status: 'draft' });
    expect(created.body).toBe(body);
    expect(created.status).toBe('draft');
    const fetched = await technician.inject({ method: 'GET', url: `/api/email-templates/${created.id}` });
    expect(fetched.json().body).toBe(body);
  });

  it('refuses a body over 20,000 characters', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/email-templates',
      payload: { ...valid, body: 'y'.repeat(TEMPLATE_BODY_MAX + 1) },
    });
    expect(issues(res).body).toBe('Body must be at most 20000 characters');
  });

  it('requires name, subject and body with the spec messages', async () => {
    const missing = await admin.inject({ method: 'POST', url: '/api/email-templates', payload: {} });
    expect(issues(missing)).toMatchObject({
      name: 'Name is required',
      subject: 'Subject is required',
      body: 'Body is required',
    });
    expect(missing.json().message).toBe('Invalid request body: Name is required');
    const blank = await admin.inject({
      method: 'POST',
      url: '/api/email-templates',
      payload: { name: '   ', subject: '', body: ' \n ' },
    });
    expect(issues(blank)).toMatchObject({
      name: 'Name is required',
      subject: 'Subject is required',
      body: 'Body is required',
    });
    const wrongTypes = await admin.inject({
      method: 'POST',
      url: '/api/email-templates',
      payload: { name: 12, subject: null, body: ['x'] },
    });
    expect(issues(wrongTypes)).toMatchObject({
      name: 'Name is required',
      subject: 'Subject is required',
      body: 'Body is required',
    });
  });

  it('accepts only active or draft as status', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/email-templates',
      payload: { ...valid, status: 'archived' },
    });
    expect(issues(res).status).toBe('Status must be active or draft');
  });

  it('takes a client-made id once; a repeat is 409 and makes no second row', async () => {
    const id = randomUUID();
    const first = await create({ id, name: 'Client made' });
    expect(first.id).toBe(id);
    const again = await admin.inject({ method: 'POST', url: '/api/email-templates', payload: { ...valid, id } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Email template already exists' });
    const rows = await t.db.selectFrom('emailTemplates').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const malformed = await admin.inject({
      method: 'POST',
      url: '/api/email-templates',
      payload: { ...valid, id: 'abc' },
    });
    expect(issues(malformed).id).toBe('Invalid id');
  });

  it('is for admins only', async () => {
    for (const client of [technician, advisor]) {
      const res = await client.inject({ method: 'POST', url: '/api/email-templates', payload: valid });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'You need administrator privileges to do this' });
    }
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/email-templates', payload: valid });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toBe('unauthorized');
  });
});

describe('GET /api/email-templates', () => {
  it('lists every template ordered by name for every role, with X-Total-Count', async () => {
    await create({ name: 'zeta reminder' });
    await create({ name: 'Alpha follow-up' });
    await create({ name: 'beta invoice' });
    const total = (await t.db.selectFrom('emailTemplates').select('id').execute()).length;
    for (const client of [admin, technician, advisor]) {
      const res = await client.inject({ method: 'GET', url: '/api/email-templates' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(total));
      const names = res.json().map((tpl: { name: string }) => tpl.name);
      expect(names).toHaveLength(total);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(names.indexOf('Alpha follow-up')).toBeLessThan(names.indexOf('beta invoice'));
      expect(names.indexOf('beta invoice')).toBeLessThan(names.indexOf('zeta reminder'));
    }
  });

  it('searches name, subject and body, case-insensitively and literally', async () => {
    await create({ name: 'Search NAMEHIT one' });
    await create({ name: 'Search two', subject: 'about namehit' });
    await create({ name: 'Search three', body: 'Body mentions NameHit and 50% off [Invoice Link]' });
    await create({ name: 'Search four', body: 'nothing here, 50 off' });
    const res = await technician.inject({ method: 'GET', url: '/api/email-templates?q=namehit' });
    expect(res.json().map((tpl: { name: string }) => tpl.name)).toEqual([
      'Search NAMEHIT one',
      'Search three',
      'Search two',
    ]);
    expect(res.headers['x-total-count']).toBe('3');
    const percent = await technician.inject({
      method: 'GET',
      url: `/api/email-templates?q=${encodeURIComponent('50%')}`,
    });
    expect(percent.json().map((tpl: { name: string }) => tpl.name)).toEqual(['Search three']);
    const placeholder = await technician.inject({
      method: 'GET',
      url: `/api/email-templates?q=${encodeURIComponent('[invoice link]')}`,
    });
    expect(placeholder.json().map((tpl: { name: string }) => tpl.name)).toContain('Search three');
  });

  it('filters by status and pages with limit and offset', async () => {
    await create({ name: 'Paged a', subject: 'pagedtag', status: 'draft' });
    await create({ name: 'Paged b', subject: 'pagedtag' });
    await create({ name: 'Paged c', subject: 'pagedtag', status: 'draft' });
    await create({ name: 'Paged d', subject: 'pagedtag', status: 'draft' });
    const drafts = await advisor.inject({ method: 'GET', url: '/api/email-templates?q=pagedtag&status=draft' });
    expect(drafts.json().map((tpl: { name: string }) => tpl.name)).toEqual(['Paged a', 'Paged c', 'Paged d']);
    const page = await advisor.inject({
      method: 'GET',
      url: '/api/email-templates?q=pagedtag&status=draft&limit=1&offset=1',
    });
    expect(page.json().map((tpl: { name: string }) => tpl.name)).toEqual(['Paged c']);
    expect(page.headers['x-total-count']).toBe('3');
    const active = await advisor.inject({ method: 'GET', url: '/api/email-templates?q=pagedtag&status=active' });
    expect(active.json().map((tpl: { name: string }) => tpl.name)).toEqual(['Paged b']);
    const offsetOnly = await advisor.inject({ method: 'GET', url: '/api/email-templates?q=pagedtag&offset=3' });
    expect(offsetOnly.json().map((tpl: { name: string }) => tpl.name)).toEqual(['Paged d']);
  });

  it('refuses a bad status, limit or offset', async () => {
    expect(issues(await admin.inject({ method: 'GET', url: '/api/email-templates?status=all' })).status).toBe(
      'Status must be active or draft',
    );
    expect(issues(await admin.inject({ method: 'GET', url: '/api/email-templates?limit=0' })).limit).toBe(
      'limit must be at least 1',
    );
    expect(issues(await admin.inject({ method: 'GET', url: '/api/email-templates?offset=x' })).offset).toBe(
      'offset must be a number',
    );
  });

  it('is 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/email-templates' })).statusCode).toBe(401);
  });
});

describe('GET /api/email-templates/:id', () => {
  it('returns one template to any role', async () => {
    const created = await create({ name: 'Single' });
    const res = await advisor.inject({ method: 'GET', url: `/api/email-templates/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('is 404 for an unknown id, 400 for a malformed one, 401 signed out', async () => {
    const unknown = await technician.inject({ method: 'GET', url: `/api/email-templates/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Email template not found' });
    const malformed = await technician.inject({ method: 'GET', url: '/api/email-templates/not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_error');
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/email-templates/${UNKNOWN_ID}` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('PUT /api/email-templates/:id', () => {
  it('changes only the fields sent', async () => {
    const created = await create({ name: 'Partial', status: 'draft' });
    // A minute later by the clock, without waiting for one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(created.updatedAt) + 60_000);
    const res = await admin
      .inject({
        method: 'PUT',
        url: `/api/email-templates/${created.id}`,
        payload: { subject: 'New subject for [Date] at [Time]' },
      })
      .finally(() => vi.useRealTimers());
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      ...created,
      subject: 'New subject for [Date] at [Time]',
      updatedAt: expect.any(String),
    });
    expect(updated.updatedAt).toBe(new Date(Date.parse(created.updatedAt) + 60_000).toISOString());
    expect(updated.createdAt).toBe(created.createdAt);

    const cleared = await admin.inject({
      method: 'PUT',
      url: `/api/email-templates/${created.id}`,
      payload: { description: '', status: 'active', body: 'Link: [Invoice Link]' },
    });
    expect(cleared.json()).toMatchObject({
      name: 'Partial',
      description: null,
      status: 'active',
      body: 'Link: [Invoice Link]',
      subject: 'New subject for [Date] at [Time]',
    });
  });

  it('leaves the row untouched for an empty body', async () => {
    const created = await create({ name: 'Untouched' });
    const res = await admin.inject({ method: 'PUT', url: `/api/email-templates/${created.id}`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('validates with the spec messages', async () => {
    const created = await create({ name: 'Validated' });
    const res = await admin.inject({
      method: 'PUT',
      url: `/api/email-templates/${created.id}`,
      payload: { name: '', subject: ' ', body: null, status: 'published' },
    });
    expect(issues(res)).toEqual({
      name: 'Name is required',
      subject: 'Subject is required',
      body: 'Body is required',
      status: 'Status must be active or draft',
    });
    const after = await admin.inject({ method: 'GET', url: `/api/email-templates/${created.id}` });
    expect(after.json()).toEqual(created);
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await admin.inject({
      method: 'PUT',
      url: `/api/email-templates/${UNKNOWN_ID}`,
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Email template not found');
    const emptyUnknown = await admin.inject({ method: 'PUT', url: `/api/email-templates/${UNKNOWN_ID}`, payload: {} });
    expect(emptyUnknown.statusCode).toBe(404);
    const malformed = await admin.inject({ method: 'PUT', url: '/api/email-templates/123', payload: { name: 'X' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const created = await create({ name: 'Guarded' });
    for (const client of [technician, advisor]) {
      const res = await client.inject({
        method: 'PUT',
        url: `/api/email-templates/${created.id}`,
        payload: { name: 'Hacked' },
      });
      expect(res.statusCode).toBe(403);
    }
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: `/api/email-templates/${created.id}`,
      payload: { name: 'Hacked' },
    });
    expect(signedOut.statusCode).toBe(401);
    const after = await admin.inject({ method: 'GET', url: `/api/email-templates/${created.id}` });
    expect(after.json().name).toBe('Guarded');
  });
});

describe('DELETE /api/email-templates/:id', () => {
  it('deletes with 204 and an empty body', async () => {
    const created = await create({ name: 'Doomed' });
    const res = await admin.inject({ method: 'DELETE', url: `/api/email-templates/${created.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const gone = await admin.inject({ method: 'GET', url: `/api/email-templates/${created.id}` });
    expect(gone.statusCode).toBe(404);
    const again = await admin.inject({ method: 'DELETE', url: `/api/email-templates/${created.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'Email template not found' });
  });

  it('is for admins only, and 400 for a malformed id', async () => {
    const created = await create({ name: 'Kept' });
    for (const client of [technician, advisor]) {
      expect((await client.inject({ method: 'DELETE', url: `/api/email-templates/${created.id}` })).statusCode).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/email-templates/${created.id}` })).statusCode).toBe(401);
    expect((await admin.inject({ method: 'DELETE', url: '/api/email-templates/zzz' })).statusCode).toBe(400);
    expect((await admin.inject({ method: 'GET', url: `/api/email-templates/${created.id}` })).statusCode).toBe(200);
  });
});
