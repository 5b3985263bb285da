import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { issueMessages } from '@api/test/issues';
import { createInspection } from '@api/test/factories';

const t = await useTestApp();
const tech = await t.signIn('technician');

const addNote = (inspectionId: string, payload: object) =>
  tech.inject({ method: 'POST', url: `/api/inspections/${inspectionId}/notes`, payload });
const deleteNote = (inspectionId: string, noteId: string) =>
  tech.inject({ method: 'DELETE', url: `/api/inspections/${inspectionId}/notes/${noteId}` });

describe('notes', () => {
  it('adds a note (201), takes a client id once, and deletes it (204)', async () => {
    const inspection = await createInspection(t.db);
    const id = randomUUID();
    const res = await addNote(inspection.id, { id, note: ' Customer waiting ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id, inspectionId: inspection.id, note: 'Customer waiting' });
    const again = await addNote(inspection.id, { id, note: 'Customer waiting' });
    expect(again.statusCode).toBe(409);
    const got = await tech.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(got.json().inspectionNotes).toEqual([res.json()]);

    const del = await deleteNote(inspection.id, id);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const gone = await deleteNote(inspection.id, id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Note not found');
  });

  it('validates the note and the ids', async () => {
    const inspection = await createInspection(t.db);
    const blank = await addNote(inspection.id, { note: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(issueMessages(blank)).toEqual(['Note is required']);
    const unknown = await addNote(randomUUID(), { note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Inspection not found');
    const malformed = await deleteNote(inspection.id, 'abc');
    expect(malformed.statusCode).toBe(400);
    // A note of another inspection cannot be deleted through this one.
    const other = await createInspection(t.db);
    const note = await addNote(other.id, { note: 'x' });
    const cross = await deleteNote(inspection.id, note.json().id);
    expect(cross.statusCode).toBe(404);
    expect(
      await t.app.inject({ method: 'POST', url: `/api/inspections/${inspection.id}/notes`, payload: { note: 'x' } }),
    ).toMatchObject({ statusCode: 401 });
    expect(
      await t.app.inject({ method: 'DELETE', url: `/api/inspections/${inspection.id}/notes/${note.json().id}` }),
    ).toMatchObject({ statusCode: 401 });
  });
});

describe('notes of a deleted inspection', () => {
  it('answer 410 to adding or removing a note; an inspection never seen stays 404', async () => {
    const inspection = await createInspection(t.db);
    const note = await addNote(inspection.id, { note: 'kept' });
    expect(note.statusCode).toBe(201);
    expect((await tech.inject({ method: 'DELETE', url: `/api/customers/${inspection.customerId}` })).statusCode).toBe(
      204,
    );

    const gone = { error: 'gone', message: 'This inspection was deleted', gone: 'inspection' };
    const add = await addNote(inspection.id, { note: 'late' });
    expect(add.statusCode).toBe(410);
    expect(add.json()).toEqual(gone);
    const remove = await deleteNote(inspection.id, note.json().id);
    expect(remove.statusCode).toBe(410);
    expect(remove.json()).toEqual(gone);
    const unknown = await addNote(randomUUID(), { note: 'x' });
    expect(unknown.statusCode).toBe(404);
  });
});
