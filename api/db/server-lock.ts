import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files';

// The server writes its process id to DATA_DIR/server.pid while it runs, so `npm run restore` can
// refuse to swap the database under it. A file left by a crash names a process that is gone.

export const pidFileIn = (dataDir: string): string => path.join(dataDir, 'server.pid');

/** Whether a process of this id runs on this machine (one of another user's counts as running). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The id of a live server process that holds DATA_DIR, or null. */
export function runningServerPid(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(pidFileIn(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessRunning(pid) ? pid : null;
}

/** Marks DATA_DIR as in use by this process; the returned function (also run at exit) unmarks it. */
export function holdServerPidFile(dataDir: string): () => void {
  const file = pidFileIn(dataDir);
  writeFileSync(file, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
  const release = () => {
    process.off('exit', release);
    try {
      // Another server started on the same folder since then owns the file now.
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}
