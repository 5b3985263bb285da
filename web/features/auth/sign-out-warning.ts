import { plural } from '@shared/plural';
import type { SyncStatus } from '@web/offline/types';

// The sign-out warning's words: what signing out would leave unsent on this device.

/** Everything not yet on the server: what a sign-out would leave behind on this device. */
export function unsentCount(status: Pick<SyncStatus, 'pending' | 'attention'>): number {
  return status.pending + status.attention;
}

/** Title of the sign-out warning. */
export function unsentTitle(count: number): string {
  return `You have ${count} unsent ${plural(count, 'change', 'changes')}`;
}

/** The sign-out warning's explanation. */
export function unsentExplanation(count: number, username: string): string {
  return `${plural(count, 'It stays', 'They stay')} on this device and ${plural(count, 'is', 'are')} sent when ${username} signs in again.`;
}
