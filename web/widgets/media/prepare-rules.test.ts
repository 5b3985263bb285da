import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_EDGE, THUMB_EDGE, VIDEO_MAX_BYTES } from '@shared/constants';
import { fitWithin, formatMegabytes, kindOfFile, photoRefusal, videoRefusal } from './prepare-rules';

describe('fitWithin', () => {
  it('scales a 12-megapixel landscape photo to the long-edge cap, keeping its shape', () => {
    expect(fitWithin(4032, 3024, PHOTO_MAX_EDGE)).toEqual({ width: 2048, height: 1536 });
  });
  it('scales a portrait photo by its height', () => {
    expect(fitWithin(3024, 4032, THUMB_EDGE)).toEqual({ width: 240, height: 320 });
  });
  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, PHOTO_MAX_EDGE)).toEqual({ width: 800, height: 600 });
  });
  it('keeps at least one pixel on the short edge of a panorama', () => {
    expect(fitWithin(20000, 10, THUMB_EDGE)).toEqual({ width: 320, height: 1 });
  });
});

describe('videoRefusal', () => {
  it('accepts a 30 s video under the size cap, and a recorder that stopped a few ms late', () => {
    expect(videoRefusal(20 * 1024 * 1024, 30)).toBeNull();
    expect(videoRefusal(20 * 1024 * 1024, 30.04)).toBeNull();
  });
  it('says how long the video is and what the limit is', () => {
    expect(videoRefusal(20 * 1024 * 1024, 45)).toBe('This video is 45 s long; the limit is 30 s.');
    expect(videoRefusal(1024, 31.26)).toBe('This video is 31.3 s long; the limit is 30 s.');
  });
  it('says how big the video is when it is over the size cap', () => {
    expect(videoRefusal(VIDEO_MAX_BYTES + 1, 10)).toBe('This video is 100.0 MB; the limit is 100 MB.');
    expect(videoRefusal(150 * 1024 * 1024, 10)).toBe('This video is 150 MB; the limit is 100 MB.');
  });
  it('refuses a video whose length cannot be read instead of letting it through', () => {
    expect(videoRefusal(1024, null)).toBe('This video could not be read: its length is unknown.');
    expect(videoRefusal(1024, Number.POSITIVE_INFINITY)).toBe('This video could not be read: its length is unknown.');
  });
});

describe('photoRefusal and kindOfFile', () => {
  it('accepts a phone photo and refuses a file that is not an image', () => {
    expect(photoRefusal(3 * 1024 * 1024, 'image/jpeg')).toBeNull();
    expect(photoRefusal(1024, 'text/html')).toBe('This file is not a photo or a video.');
    expect(photoRefusal(200 * 1024 * 1024, 'image/jpeg')).toBe('This photo is 200 MB; the limit is 100 MB.');
  });
  it('tells photos from videos by type, then by name when the type is empty', () => {
    expect(kindOfFile({ type: 'image/heic', name: 'IMG_1.HEIC' })).toBe('photo');
    expect(kindOfFile({ type: 'video/quicktime', name: 'x' })).toBe('video');
    expect(kindOfFile({ type: '', name: 'IMG_2.HEIC' })).toBe('photo');
    expect(kindOfFile({ type: '', name: 'clip.MOV' })).toBe('video');
    expect(kindOfFile({ type: 'application/pdf', name: 'invoice.pdf' })).toBeNull();
  });
  it('writes megabytes without a needless decimal', () => {
    expect(formatMegabytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatMegabytes(12.5 * 1024 * 1024)).toBe('12.5 MB');
  });
});
