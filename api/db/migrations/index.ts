import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-22T00-00-initial-schema';
import * as offlineSync from './2026-11-22T12-00-offline-sync';
import * as passwordRules from './2026-11-24T00-00-password-rules';
import * as closedSignUp from './2026-11-25T00-00-closed-sign-up';
import * as signInThrottle from './2026-11-25T01-00-sign-in-throttle';
import * as syncEpoch from './2026-11-25T02-00-sync-epoch';
import * as searchAndListIndexes from './2026-11-25T03-00-search-and-list-indexes';
import * as approvalLoop from './2026-11-25T04-00-approval-loop';
import * as deferred from './2026-11-25T05-30-deferred';
import * as funnelIndexes from './2026-11-25T05-40-funnel-indexes';
import * as inspectionFunnel from './2026-11-25T06-00-inspection-funnel';
import * as media from './2026-11-25T12-30-media';
import * as mediaCopyClaim from './2026-11-25T14-00-media-copy-claim';
import * as tombstoneIndexes from './2026-11-27T00-00-tombstone-indexes';
import * as searchVocabulary from './2026-11-27T01-00-search-vocabulary';
import * as inspectionDocuments from './2026-11-27T02-00-inspection-documents';
import * as sharePageIndexes from './2026-11-27T03-00-share-page-indexes';
import * as syncFeedOthers from './2026-11-27T04-00-sync-feed-others';
import * as redundantIndexes from './2026-11-28T00-00-redundant-indexes';
import * as customerVehicleSeq from './2026-11-29T00-00-customer-vehicle-seq';
import * as addressBudget from './2026-12-07T00-00-address-budget';
import * as dropCustomerVehicleSeq from './2026-12-07T00-00-drop-customer-vehicle-seq';
import * as firstRunSetup from './2026-12-07T00-00-first-run-setup';
import * as shareLinkLifetime from './2026-12-07T00-00-share-link-lifetime';
import * as pendingDuplicates from './2026-12-07T01-00-pending-duplicates';
import * as sendLimits from './2026-12-07T22-00-send-limits';

// Every migration, by its date-prefixed name; add new ones at the end.
export const migrations: Record<string, Migration> = {
  '2026-11-22T00-00-initial-schema': initialSchema,
  '2026-11-22T12-00-offline-sync': offlineSync,
  '2026-11-24T00-00-password-rules': passwordRules,
  '2026-11-25T00-00-closed-sign-up': closedSignUp,
  '2026-11-25T01-00-sign-in-throttle': signInThrottle,
  '2026-11-25T02-00-sync-epoch': syncEpoch,
  '2026-11-25T03-00-search-and-list-indexes': searchAndListIndexes,
  '2026-11-25T04-00-approval-loop': approvalLoop,
  '2026-11-25T05-30-deferred': deferred,
  '2026-11-25T05-40-funnel-indexes': funnelIndexes,
  '2026-11-25T06-00-inspection-funnel': inspectionFunnel,
  '2026-11-25T12-30-media': media,
  '2026-11-25T14-00-media-copy-claim': mediaCopyClaim,
  '2026-11-27T00-00-tombstone-indexes': tombstoneIndexes,
  '2026-11-27T01-00-search-vocabulary': searchVocabulary,
  '2026-11-27T02-00-inspection-documents': inspectionDocuments,
  '2026-11-27T03-00-share-page-indexes': sharePageIndexes,
  '2026-11-27T04-00-sync-feed-others': syncFeedOthers,
  '2026-11-28T00-00-redundant-indexes': redundantIndexes,
  '2026-11-29T00-00-customer-vehicle-seq': customerVehicleSeq,
  '2026-12-07T00-00-address-budget': addressBudget,
  '2026-12-07T00-00-drop-customer-vehicle-seq': dropCustomerVehicleSeq,
  '2026-12-07T00-00-first-run-setup': firstRunSetup,
  '2026-12-07T00-00-share-link-lifetime': shareLinkLifetime,
  '2026-12-07T01-00-pending-duplicates': pendingDuplicates,
  '2026-12-07T22-00-send-limits': sendLimits,
};
