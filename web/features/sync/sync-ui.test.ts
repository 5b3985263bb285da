import { describe, expect, it } from 'vitest';
import {
  changesText,
  discardExplanation,
  discardedText,
  queryRootsFor,
  statusDetail,
  statusLabel,
  syncTone,
} from './sync-ui';

const status = (pending: number, attention = 0, needsSignIn = false) => ({ pending, attention, needsSignIn });

describe('the header status', () => {
  it('says Online with nothing to send', () => {
    expect(statusLabel(status(0), true)).toBe('Online');
    expect(syncTone(status(0), true)).toBe('online');
  });

  it('says Offline, and how many changes wait when some do', () => {
    expect(statusLabel(status(0), false)).toBe('Offline');
    expect(statusDetail(status(0), false)).toBeNull();
    expect(statusLabel(status(1), false)).toBe('Offline');
    expect(statusDetail(status(1), false)).toBe('1 change waiting');
    expect(statusDetail(status(4), false)).toBe('4 changes waiting');
    expect(statusDetail(status(4), true)).toBeNull();
    expect(syncTone(status(4), false)).toBe('offline');
  });

  it('counts the changes being synced, singular and plural', () => {
    expect(statusLabel(status(1), true)).toBe('Syncing 1 change');
    expect(statusLabel(status(12), true)).toBe('Syncing 12 changes');
    expect(syncTone(status(12), true)).toBe('syncing');
  });

  it('puts changes that need attention first, online or not', () => {
    expect(statusLabel(status(3, 1), true)).toBe('1 change needs attention');
    expect(statusLabel(status(3, 2), false)).toBe('2 changes need attention');
    expect(statusLabel(status(0, 2, true), true)).toBe('2 changes need attention');
    expect(syncTone(status(3, 2), false)).toBe('attention');
  });

  it('asks for a sign-in when the session expired instead of claiming to sync', () => {
    expect(statusLabel(status(2, 0, true), true)).toBe('Sign in to sync 2 changes');
    expect(statusLabel(status(0, 0, true), true)).toBe('Sign in to sync');
    expect(syncTone(status(2, 0, true), true)).toBe('sign-in');
    // Offline is what the user can act on first.
    expect(statusLabel(status(2, 0, true), false)).toBe('Offline');
    expect(statusDetail(status(2, 0, true), false)).toBe('2 changes waiting');
  });
});

describe('the discard question', () => {
  it('warns about the dependent changes that go with it', () => {
    expect(discardExplanation(1)).toBe('It will not be sent to the server.');
    expect(discardExplanation(2)).toBe(
      'It will not be sent to the server, and neither will 1 change that depends on it.',
    );
    expect(discardExplanation(3)).toBe(
      'It will not be sent to the server, and neither will 2 changes that depend on it.',
    );
  });
});

describe('the discard toast', () => {
  it('says how many dependent changes went with the discarded one', () => {
    expect(discardedText(1)).toEqual({ title: 'Change discarded', description: 'It will not be sent to the server.' });
    expect(discardedText(2).description).toBe('1 change that depended on it was discarded with it.');
    expect(discardedText(4).description).toBe('3 changes that depended on it were discarded with it.');
  });
});

describe('query invalidation', () => {
  it('refreshes each entity and the screens that nest it', () => {
    // Deferred lines show their customer's and vehicle's names, and come from finished inspections.
    expect(queryRootsFor(['customer']).sort()).toEqual(['customers', 'deferred', 'inspections', 'vehicles']);
    expect(queryRootsFor(['vehicle']).sort()).toEqual(['customers', 'deferred', 'inspections', 'vehicles']);
    expect(queryRootsFor(['inspection']).sort()).toEqual(['customers', 'deferred', 'inspections']);
    expect(queryRootsFor(['deferred'])).toEqual(['deferred']);
    expect(queryRootsFor([])).toEqual([]);
  });
});

it('changesText', () => {
  expect(changesText(0)).toBe('0 changes');
  expect(changesText(1)).toBe('1 change');
});
