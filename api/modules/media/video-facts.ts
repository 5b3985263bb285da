import { readMp4 } from './container-mp4';
import { ContainerError, ContainerReader, type VideoFacts } from './container-reader';
import { readWebm } from './container-webm';

export { ContainerError, type VideoFacts } from './container-reader';

/**
 * A video's codec, displayed size and length from its container's structure (MP4/MOV boxes or
 * WebM elements), never from text a tool prints: a title tag cannot change them. Throws a
 * ContainerError naming what is wrong for a truncated, garbled or unsupported file.
 */
export async function readVideoFacts(file: string, contentType: string): Promise<VideoFacts> {
  const reader = await ContainerReader.open(file);
  try {
    return contentType === 'video/webm' ? await readWebm(reader) : await readMp4(reader);
  } catch (err) {
    // A field read past its box or element is a malformed file like any other.
    if (err instanceof RangeError) throw new ContainerError('a box or element ends early');
    throw err;
  } finally {
    await reader.close();
  }
}
