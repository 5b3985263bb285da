import { describe, expect, it } from 'vitest';
import {
  canRetryUpload,
  moveBy,
  pendingUploadsLabel,
  photoCount,
  unsavedMediaWarning,
  uploadLabel,
} from './media-rules';

describe('uploadLabel', () => {
  it('says where each file stands', () => {
    expect(uploadLabel(null)).toBeNull();
    expect(uploadLabel({ state: 'waiting', sent: 0, total: 100 })).toBe('Waiting to upload');
    expect(uploadLabel({ state: 'uploading', sent: 60, total: 100 })).toBe('Uploading 60%');
    expect(uploadLabel({ state: 'uploading', sent: 999, total: 1000 })).toBe('Uploading 99%');
    expect(uploadLabel({ state: 'uploading', sent: 0, total: 0 })).toBe('Uploading 0%');
    expect(uploadLabel({ state: 'failed', sent: 10, total: 100, message: 'The server refused this file type' })).toBe(
      'Upload failed: The server refused this file type',
    );
    expect(uploadLabel({ state: 'failed', sent: 0, total: 100 })).toBe('Upload failed: unknown reason');
  });
});

describe('canRetryUpload', () => {
  it('offers a second try only for failures that may pass', () => {
    const failed = (status: number) => ({ state: 'failed' as const, sent: 0, total: 100, message: 'x', status });
    expect([0, 404, 409, 422, 500, 503].map((status) => canRetryUpload(failed(status)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 413, 415].map((status) => canRetryUpload(failed(status)))).toEqual([false, false, false]);
    expect(canRetryUpload({ state: 'waiting', sent: 0, total: 100 })).toBe(false);
    expect(canRetryUpload(null)).toBe(false);
  });
});

describe('unsavedMediaWarning', () => {
  it('says how many photos a close without saving deletes', () => {
    expect(unsavedMediaWarning(0, true)).toBeNull();
    expect(unsavedMediaWarning(1, true)).toEqual({
      title: 'Close without saving?',
      description: 'The 1 photo taken for this inspection is deleted from this device.',
    });
    expect(unsavedMediaWarning(3, true)?.description).toBe(
      'The 3 photos taken for this inspection are deleted from this device.',
    );
    expect(unsavedMediaWarning(1, false)?.description).toBe(
      'The 1 photo taken for a service added since the last save is deleted from this device.',
    );
    expect(unsavedMediaWarning(2, false)?.description).toBe(
      'The 2 photos taken for services added since the last save are deleted from this device.',
    );
  });
});

describe('counts', () => {
  it('uses the plural rules of the other counts', () => {
    expect(photoCount(1)).toBe('1 photo');
    expect(photoCount(3)).toBe('3 photos');
    expect(photoCount(1200)).toBe('1,200 photos');
    expect(pendingUploadsLabel(0)).toBeNull();
    expect(pendingUploadsLabel(1)).toBe('1 upload pending');
    expect(pendingUploadsLabel(4)).toBe('4 uploads pending');
  });
});

describe('moveBy', () => {
  const items = [
    { id: 'a', position: 0 },
    { id: 'b', position: 1 },
    { id: 'c', position: 5 },
  ];
  it('swaps the positions of a medium and its neighbour', () => {
    expect(moveBy(items, 1, -1)).toEqual([
      { id: 'b', position: 0 },
      { id: 'a', position: 1 },
    ]);
    expect(moveBy(items, 1, 1)).toEqual([
      { id: 'b', position: 5 },
      { id: 'c', position: 1 },
    ]);
  });
  it('does nothing past either end', () => {
    expect(moveBy(items, 0, -1)).toEqual([]);
    expect(moveBy(items, 2, 1)).toEqual([]);
  });
  it('still changes the order of two media with the same position', () => {
    const tied = [
      { id: 'a', position: 3 },
      { id: 'b', position: 3 },
    ];
    expect(moveBy(tied, 1, -1)).toEqual([
      { id: 'b', position: 0 },
      { id: 'a', position: 1 },
    ]);
  });
});
