import type { SyncEntity } from '@shared/schemas/sync';
import { countOf, plural } from '@shared/plural';
import type { SyncStatus } from '@web/offline/types';

/** "1 change", "3 changes". */
export function changesText(count: number): string {
  return countOf(count, 'change', 'changes');
}

/** Which of the header's states applies; attention wins, because only the user can clear it. */
export type SyncTone = 'attention' | 'sign-in' | 'offline' | 'syncing' | 'online';

export function syncTone(status: Pick<SyncStatus, 'pending' | 'attention' | 'needsSignIn'>, online: boolean): SyncTone {
  if (status.attention > 0) return 'attention';
  if (!online) return 'offline';
  if (status.needsSignIn) return 'sign-in';
  return status.pending > 0 ? 'syncing' : 'online';
}

/**
 * The header chip's state, exactly one of 'Online', 'Offline', 'Syncing N changes' and
 * 'N changes need attention'; a paused loop (session expired) says what unblocks it instead of
 * claiming to sync.
 */
export function statusLabel(
  status: Pick<SyncStatus, 'pending' | 'attention' | 'needsSignIn'>,
  online: boolean,
): string {
  switch (syncTone(status, online)) {
    case 'attention':
      return `${changesText(status.attention)} ${plural(status.attention, 'needs', 'need')} attention`;
    case 'offline':
      return 'Offline';
    case 'sign-in':
      return status.pending > 0 ? `Sign in to sync ${changesText(status.pending)}` : 'Sign in to sync';
    case 'syncing':
      return `Syncing ${changesText(status.pending)}`;
    case 'online':
      return 'Online';
  }
}

/** Said after 'Offline' when changes wait, so the technician knows the work is kept: '2 changes waiting'. */
export function statusDetail(
  status: Pick<SyncStatus, 'pending' | 'attention' | 'needsSignIn'>,
  online: boolean,
): string | null {
  return syncTone(status, online) === 'offline' && status.pending > 0 ? `${changesText(status.pending)} waiting` : null;
}

/** The discard question's explanation; `dropping` counts the entry and the ones that depend on it. */
export function discardExplanation(dropping: number): string {
  const dependents = Math.max(0, dropping - 1);
  if (dependents === 0) return 'It will not be sent to the server.';
  return `It will not be sent to the server, and neither will ${changesText(dependents)} that ${plural(dependents, 'depends', 'depend')} on it.`;
}

/** The toast after a discard; `dropped` counts the discarded entry and the ones that depended on it. */
export function discardedText(dropped: number): { title: string; description: string } {
  const dependents = Math.max(0, dropped - 1);
  return {
    title: 'Change discarded',
    description:
      dependents === 0
        ? 'It will not be sent to the server.'
        : `${changesText(dependents)} that depended on it ${plural(dependents, 'was', 'were')} discarded with it.`,
  };
}

/**
 * The query roots a local change makes stale. Rows are nested across screens (customer names in
 * vehicles and inspections, vehicles on customer cards), so each entity refreshes its neighbours.
 */
const ROOTS: Record<SyncEntity, readonly string[]> = {
  customer: ['customers', 'vehicles', 'inspections', 'deferred'],
  vehicle: ['vehicles', 'customers', 'inspections', 'deferred'],
  inspection: ['inspections', 'customers', 'deferred'],
  deferred: ['deferred'],
  media: ['media'],
};

export function queryRootsFor(entities: readonly SyncEntity[]): string[] {
  const roots = new Set<string>();
  for (const entity of entities) for (const root of ROOTS[entity]) roots.add(root);
  return [...roots];
}
