import cluster, { type Worker } from 'node:cluster';
import Fastify from 'fastify';
import type { AppConfig } from '@api/config';
import { scheduleBackups } from '@api/db/backup-schedule';
import { openConfiguredDatabase } from '@api/db/open';
import { holdServerPidFile } from '@api/db/server-lock';
import { createLogOutput } from '@api/lib/log-output';
import { firstRunSetup } from './first-run';
import { displayUrl, welcomeText } from '@api/welcome';
import { closeDatabase, DRAIN_MS, stopOnSignals } from './shutdown';

/** What the primary sends a worker to make it drain and exit (signals may reach only the primary). */
export const STOP_MESSAGE = 'baywise:stop';
/** More unexpected exits than this within RESTART_WINDOW_MS is a crash loop: the primary stops. */
export const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** A worker drains for up to DRAIN_MS and then closes its database; past this it is killed. */
const WORKER_STOP_MS = DRAIN_MS + 5_000;

const workersNow = (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
const exitOf = (worker: Worker) =>
  new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve())));

/**
 * WORKERS > 1: this process migrates the database, holds the pid file, runs the backup schedule
 * and keeps `config.workers` server processes listening on one port, starting a new one when one
 * exits (unless they keep exiting). SIGTERM is passed on to the workers; it exits when they have.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  const db = openConfiguredDatabase(config);
  // `npm run restore` refuses while this file names a live process.
  const releasePidFile = config.databaseUrl ? () => undefined : holdServerPidFile(config.dataDir);
  const setup = await firstRunSetup(db, config);
  // The workers open their own connections; this process needs none while they serve.
  await closeDatabase(db);

  // An app that never listens: the backup schedule's timer, its log and its wait at close.
  const logOutput = createLogOutput();
  const host = Fastify({ logger: { level: config.logLevel, stream: logOutput } });
  logOutput.reportDropsTo(host.log);
  scheduleBackups(host, config);
  await host.ready();
  const log = host.log;

  let stopping = false;
  let failure: string | undefined;
  const restarts: number[] = [];
  const stop = stopOnSignals(
    async (reason) => {
      stopping = true;
      log.info({ reason, workers: workersNow().length }, 'shutting down');
      const workers = workersNow();
      for (const worker of workers) if (worker.isConnected()) worker.send(STOP_MESSAGE);
      const killLate = setTimeout(() => {
        for (const worker of workersNow()) worker.process.kill('SIGKILL');
      }, WORKER_STOP_MS);
      await Promise.all(workers.map(exitOf));
      clearTimeout(killLate);
      await host.close();
      releasePidFile();
      if (failure) throw new Error(failure);
    },
    log,
    () => logOutput.flush(),
  );
  // Exiting at once (a second signal) must not leave workers behind.
  process.on('exit', () => {
    for (const worker of workersNow()) worker.process.kill('SIGKILL');
  });

  let listening = 0;
  let started: () => void = () => undefined;
  let failedToStart: (err: Error) => void = () => undefined;
  const allListening = new Promise<void>((resolve, reject) => {
    started = resolve;
    failedToStart = reject;
  });
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) started();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // It printed why (a port in use, bad settings); the exit handler above ends the others.
    if (listening < config.workers)
      return failedToStart(new Error(`A server process exited while starting (${signal ?? `code ${code}`})`));
    if (code === 0) {
      // Stopped on purpose (a signal sent to it alone): not restarted; the last one takes the primary along.
      log.info({ pid: worker.process.pid }, 'a server process stopped');
      if (workersNow().length === 0) stop('every server process stopped');
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      failure = `Server processes exited ${restarts.length} times within a minute; stopping`;
      log.error({ pid: worker.process.pid, code, signal }, failure);
      return stop('crash loop');
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process exited; starting another');
    cluster.fork();
  });

  for (let i = 0; i < config.workers; i += 1) cluster.fork();
  await allListening;
  log.info({ workers: config.workers }, 'server processes listening');
  if (config.logLevel !== 'silent') {
    console.log(welcomeText({ url: displayUrl(config.host, config.port), adminEmail: config.adminEmail, setup }));
  }
}
