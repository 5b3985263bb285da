import { createTestApp, type Client, type TestApp } from '@api/test/app';
import { deviceDifference, outOfOrder, resurrected, serverRows, silentlyDropped } from './chaos-checks';
import { project, ServerModel } from './chaos-model';
import { Network, type Device, type Fault } from './chaos-network';
import { Rand, randomWrite, setupWrites, splitEdit, type GeneratedWrite } from './chaos-writes';
import { LocalDb } from '@web/offline/local-db';
import { LocalWriteError } from '@web/offline/local-rows';
import { enqueue } from '@web/offline/outbox';
import { SyncEngine } from '@web/offline/sync-engine';

// The seeded chaos test (docs/offline-sync.md, "Testing"): K devices, each with its own local database
// and sync loop, make random writes while the network between them and the real API drops
// requests, drops responses after the server committed, delivers twice, and delays deliveries past
// later ones. Then the network heals, every device syncs until quiet, and the server and every
// device are checked against a model of the committed writes.

export class ChaosFailure extends Error {
  constructor(
    readonly seed: number,
    readonly reason: string,
  ) {
    super(`chaos seed ${seed} failed: ${reason}`);
    this.name = 'ChaosFailure';
  }
}

export interface ChaosOptions {
  /** Random steps (writes, syncs, deliveries) between setup and healing. */
  ops: number;
  devices: number;
}

export interface ChaosStats {
  commits: number;
  faults: Record<Fault, number>;
  /** Live rows whose fields hold changes of two or more devices. */
  mergedRows: number;
  attention: number;
  notices: number;
}

async function enqueueOn(device: Device, generated: GeneratedWrite | null): Promise<void> {
  if (!generated) return;
  try {
    device.entries.push(await enqueue(device.db, device.client.user.id, generated.write, generated.label));
  } catch (error) {
    // A pull removed the customer or vehicle the form had picked: the save is refused, nothing is kept.
    if (!(error instanceof LocalWriteError)) throw error;
  }
}

/** Every device syncs, in turn, until a round sends nothing. */
async function syncUntilQuiet(devices: readonly Device[], network: Network): Promise<void> {
  for (let round = 0; round < 12; round++) {
    const before = network.writesDelivered;
    for (const device of devices) {
      await device.engine.syncNow();
      const reason = await resurrected(device);
      if (reason) throw new Error(reason);
    }
    if (network.writesDelivered === before) return;
  }
  throw new Error('the devices did not go quiet after the network healed');
}

/** The real API on a fresh SQLite database, and one signed-in user per device (the first an admin). */
export interface ChaosServer {
  app: TestApp;
  clients: Client[];
}

export async function startChaosServer(devices: number): Promise<ChaosServer> {
  const app = await createTestApp();
  const clients: Client[] = [];
  for (let index = 0; index < devices; index++) clients.push(await app.signIn(index === 0 ? 'admin' : 'technician'));
  return { app, clients };
}

/** Each seed starts from an empty shop: no rows, no change log, no stored idempotent answers. */
async function emptyShop(app: TestApp): Promise<void> {
  // Vehicles, inspections, services, parts, notes and invoices go with their customers.
  await app.db.deleteFrom('customers').execute();
  await app.db.deleteFrom('syncChanges').execute();
  await app.db.deleteFrom('idempotencyKeys').execute();
}

/** One seed: setup, random steps under faults, healing, and the checks. Throws ChaosFailure. */
export async function runChaosSeed(server: ChaosServer, seed: number, options: ChaosOptions): Promise<ChaosStats> {
  const rand = new Rand(seed);
  const { app } = server;
  const devices: Device[] = [];
  try {
    await emptyShop(app);
    const model = new ServerModel();
    const network = new Network(app, rand, model);
    for (const [index, client] of server.clients.slice(0, options.devices).entries()) {
      const db = new LocalDb(`chaos-${seed}-${index}`);
      const device: Device = {
        index,
        client,
        db,
        engine: undefined as unknown as SyncEngine,
        entries: [],
        notices: [],
        goneKeys: new Set(),
        pulledDeletions: null,
      };
      device.engine = new SyncEngine({
        db,
        fetch: network.fetchFor(device),
        currentUserId: () => client.user.id,
        lockName: `chaos-${seed}-${index}`,
      });
      device.engine.onNotice((notice) => device.notices.push(notice));
      devices.push(device);
    }
    const first = devices[0] as Device;

    // Shared rows to fight over: the first device makes a few, everyone pulls them.
    for (const write of setupWrites(rand)) await enqueueOn(first, write);
    await syncUntilQuiet(devices, network);

    network.faulty = true;
    const syncing: Promise<void>[] = [];
    for (let step = 0; step < options.ops; step++) {
      const device = rand.pick(devices);
      const roll = rand.next();
      if (roll < 0.22) syncing.push(device.engine.syncNow());
      else if (roll < 0.3 && syncing.length > 0) await syncing.splice(rand.int(syncing.length), 1)[0];
      else if (roll < 0.35) await network.releaseOne();
      else if (roll < 0.45) {
        const other = rand.pick(devices.filter((d) => d !== device));
        const pair = await splitEdit(rand, device.db, other.db);
        if (pair) {
          await enqueueOn(device, pair[0]);
          await enqueueOn(other, pair[1]);
        }
      } else await enqueueOn(device, await randomWrite(rand, device.db));
    }

    // Heal: finish what is on the way, let delayed requests arrive, then sync until quiet.
    network.faulty = false;
    await Promise.all(syncing);
    while (network.late.length > 0) await network.releaseOne();
    await syncUntilQuiet(devices, network);
    for (const device of devices) {
      const reason = await silentlyDropped(device, (key) => model.isCommitted(key));
      if (reason) throw new Error(reason);
    }

    // The user's explicit choice for whatever still needs attention: discard it, then sync again.
    let attention = 0;
    for (let pass = 0; pass < 5; pass++) {
      let discarded = 0;
      for (const device of devices) {
        for (const entry of await device.engine.attentionEntries()) {
          attention += 1;
          discarded += await device.engine.discard(entry.id);
        }
      }
      if (discarded === 0) break;
      await syncUntilQuiet(devices, network);
    }
    for (const device of devices) {
      const left = await device.db.outbox.count();
      if (left > 0)
        throw new Error(`device ${device.index} still has ${left} entries after the sync panel was cleared`);
    }

    // A final pull everywhere, then the server against the model and every device against the server.
    for (const device of devices) await device.engine.syncNow();
    const violation = model.violations[0];
    if (violation) throw new Error(violation);
    const rows = await serverRows(first.client);
    const difference = model.differenceFrom({
      customer: new Map(rows.customers.map((c) => [c.id, project('customer', c)])),
      vehicle: new Map(rows.vehicles.map((v) => [v.id, project('vehicle', v)])),
      inspection: new Map(rows.inspections.map((i) => [i.id, project('inspection', i)])),
    });
    if (difference) throw new Error(difference);
    for (const device of devices) {
      const reason = outOfOrder(device, model.commitOrder()) ?? (await deviceDifference(device, rows));
      if (reason) throw new Error(reason);
    }
    return {
      commits: model.commitOrder().length,
      faults: { ...network.faults },
      mergedRows: model.mergedRows(),
      attention,
      notices: devices.reduce((sum, d) => sum + d.notices.length, 0),
    };
  } catch (error) {
    throw new ChaosFailure(seed, error instanceof Error ? error.message : String(error));
  } finally {
    for (const device of devices) {
      device.engine.stop();
      await device.db.delete();
    }
  }
}
