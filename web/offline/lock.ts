// One sync loop at a time: across tabs with Web Locks, within the page when the browser has none.

const chains = new Map<string, Promise<unknown>>();

export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) return locks.request(name, () => task());
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  chains.set(name, run);
  try {
    return await run;
  } finally {
    if (chains.get(name) === run) chains.delete(name);
  }
}
