import { afterAll, beforeAll, expect, it } from 'vitest';
import { CodesRepository } from '../../src/catalog/codes/store/codes.repository.js';
import { AnalyticsRepository } from '../../src/traffic/analytics/store/analytics.repository.js';
import { RangeReader } from '../../src/traffic/analytics/range-figures.js';
import { AnalyticsService } from '../../src/traffic/analytics/analytics.service.js';
import { type FolderAnalyticsQuery, type FolderAnalyticsSource } from '../../src/traffic/analytics/folder-analytics.js';
import { transactor } from '../../src/db/transaction.js';
import { FoldersRepository } from '../../src/catalog/folders/store/folders.repository.js';
import { FoldersService } from '../../src/catalog/folders/folders.service.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('folders service ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  /** The analytics service as buildServices makes it, with `source` in place of the rollups. */
  const withSource = (source: FolderAnalyticsSource) => {
    const { db } = h.infra.database;
    const events = new AnalyticsRepository(db, h.services.traffic.eventKeys);
    return new AnalyticsService({
      events,
      folders: h.services.catalog.folders,
      codes: new CodesRepository(db),
      folderFigures: source,
      ranges: new RangeReader({ events, accounts: h.services.identity.accountLookup, clock: h.clock }),
      clock: h.clock,
    });
  };

  it("asks the source for exactly the folder's codes and window, and fills in codes it leaves out", async () => {
    const folder = await h.services.catalog.folders.create(actorIn(t.account.id), { name: 'Campaign' });
    const quiet = await h.factory.code(t.account.id, { name: 'Quiet', folderId: folder.id });
    const busy = await h.factory.code(t.account.id, { name: 'Busy', folderId: folder.id });
    const archived = await h.factory.code(t.account.id, { name: 'Archived', folderId: folder.id });
    await h.services.catalog.codes.archive(actorIn(t.account.id), archived.id);
    await h.factory.code(t.account.id, { name: 'Elsewhere' });
    const asked: FolderAnalyticsQuery[] = [];
    // The series and breakdowns the source gives are passed on as they are.
    const series = {
      daily: [{ date: '2026-01-01', scans: 12, uniqueVisitors: 7, excluded: 2 }],
      countries: [{ value: 'FR', count: 12 }],
      devices: [],
      os: [],
      browsers: [],
      placements: [{ value: null, count: 12 }],
      regions: [{ value: 'Brittany', country: 'FR', count: 12 }],
      cities: [{ value: 'Rennes', region: 'Brittany', country: 'FR', count: 12 }],
    };
    const service = withSource({
      async folderAnalytics(query) {
        asked.push(query);
        return {
          scans: 12,
          uniqueVisitors: 7,
          excluded: 2,
          codes: [
            { codeId: busy.id, scans: 9, uniqueVisitors: 5 },
            { codeId: archived.id, scans: 3, uniqueVisitors: 3 },
          ],
          ...series,
        };
      },
    });
    const figures = await service.folderAnalytics(actorIn(t.account.id), folder.id, { days: 7 });
    expect(asked).toEqual([{ accountId: t.account.id, codeIds: expect.any(Array), range: expect.objectContaining({ days: 7 }) }]);
    expect([...asked[0]!.codeIds].sort()).toEqual([quiet.id, busy.id, archived.id].sort());
    expect(figures).toEqual({
      days: 7,
      from: expect.any(String),
      to: expect.any(String),
      tz: 'UTC',
      scans: 12,
      uniqueVisitors: 7,
      excluded: 2,
      ...series,
      codes: [
        { codeId: busy.id, name: 'Busy', scans: 9, uniqueVisitors: 5 },
        { codeId: archived.id, name: 'Archived', scans: 3, uniqueVisitors: 3 },
        { codeId: quiet.id, name: 'Quiet', scans: 0, uniqueVisitors: 0 },
      ],
    });
  });

  it("never asks the source about another account's folder or a window out of bounds", async () => {
    const other = await h.factory.tenant();
    const theirs = await h.services.catalog.folders.create(actorIn(other.account.id), { name: 'Theirs' });
    const mine = await h.services.catalog.folders.create(actorIn(t.account.id), { name: 'Mine' });
    const service = withSource({
      folderAnalytics: () => {
        throw new Error('the source must not be asked');
      },
    });
    await expect(service.folderAnalytics(actorIn(t.account.id), theirs.id, { days: 30 })).rejects.toMatchObject({
      code: 'not_found',
    });
    for (const days of [0, 366, 2.5]) {
      await expect(service.folderAnalytics(actorIn(t.account.id), mine.id, { days })).rejects.toMatchObject({
        code: 'invalid_request',
        field: 'days',
      });
    }
  });

  it('deletes a folder in one transaction: a failure part-way leaves its codes in it', async () => {
    const folder = await h.services.catalog.folders.create(actorIn(t.account.id), { name: 'Sturdy' });
    const code = await h.factory.code(t.account.id, { folderId: folder.id });
    const { db } = h.infra.database;
    const failing = new (class extends FoldersRepository {
      override async delete(): Promise<void> {
        throw new Error('the store went away');
      }
    })(db);
    const service = new FoldersService(failing, new CodesRepository(db), transactor(db), h.clock);
    await expect(service.delete(actorIn(t.account.id), folder.id)).rejects.toThrow('the store went away');
    expect((await h.services.catalog.codes.get(actorIn(t.account.id), code.id)).folderId).toBe(folder.id);
    expect((await h.services.catalog.folders.get(actorIn(t.account.id), folder.id)).codeCount).toBe(1);
  });
});

let folderSequence = 0;
const folder = ({ h, owner }: RoleWorld) => h.services.catalog.folders.create(owner, { name: `Folder ${(folderSequence += 1)}` });

for (const store of STORES) {
  describeRoles('folders service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.catalog.folders.list(actor) },
    { operation: 'get', least: 'member', run: async (actor, w) => w.h.services.catalog.folders.get(actor, (await folder(w)).id) },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.folders.create(actor, { name: `Made ${(folderSequence += 1)}` }),
    },
    {
      operation: 'rename',
      least: 'editor',
      run: async (actor, w) =>
        w.h.services.catalog.folders.rename(actor, (await folder(w)).id, { name: `Renamed ${(folderSequence += 1)}` }),
    },
    {
      operation: 'delete',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.folders.delete(actor, (await folder(w)).id),
    },
  ]);
}
