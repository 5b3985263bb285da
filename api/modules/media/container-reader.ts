import { open, type FileHandle } from 'node:fs/promises';

// Positional reads of a file for the container parsers: each read is bounded and checked against
// the file's end, so a size field that lies ends in a ContainerError, never a huge allocation.

/** The file is no container we can read: truncated, garbled or of a shape we do not take. */
export class ContainerError extends Error {}

/** The most one read may take (an MP4's `moov` index of a 30 s phone video is well under 1 MB). */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

export class ContainerReader {
  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  static async open(file: string): Promise<ContainerReader> {
    const handle = await open(file, 'r');
    return new ContainerReader(handle, (await handle.stat()).size);
  }

  /** Exactly `length` bytes at `offset`; a ContainerError past the end or over the read cap. */
  async read(offset: number, length: number): Promise<Buffer> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
      throw new ContainerError('an offset or length out of range');
    }
    if (length > MAX_READ_BYTES) throw new ContainerError('an index too large to read');
    if (offset + length > this.size) throw new ContainerError('the file ends early');
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    if (bytesRead !== length) throw new ContainerError('the file ends early');
    return buffer;
  }

  /** Up to `length` bytes at `offset` (fewer at the file's end). */
  async readUpTo(offset: number, length: number): Promise<Buffer> {
    return this.read(offset, Math.max(0, Math.min(length, this.size - offset)));
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** What the container says about its first video track, read from its structure (never from tags). */
export interface VideoFacts {
  /** ffmpeg's decoder name for the codec: `h264`, `hevc`, `vp8`, `vp9`, `av1`. */
  codec: string;
  /** As displayed: a rotated phone video has its width and height turned. */
  width: number;
  height: number;
  /** The longest of what the header states and what the track's samples add up to. */
  durationMs: number;
}
