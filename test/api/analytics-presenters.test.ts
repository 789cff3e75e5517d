import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentClearScans, presentCodeAnalytics } from '../../src/http/api/v1/analytics/presenter.js';
import { ClearScansResponse, CodeAnalyticsResponse } from '../../src/http/api/v1/analytics/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { hit, recordAll } from '../support/hits.js';
import { sqliteStore } from '../support/stores.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The analytics and clear-scans responses, ready for their routes, match their published schemas. */
describe('analytics presenters', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(sqliteStore);
  });
  afterAll(() => h.close());

  it('produce documents their schemas accept', async () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    const { account } = await h.factory.tenant();
    const codeId = newId();
    await recordAll(h, [hit(h, { accountId: account.id, targetId: codeId, clientAddress: '81.2.69.142', placement: 'x' })]);
    const code = await h.services.traffic.analytics.codeAnalytics(actorIn(account.id), { codeId, days: 3 });
    const checks: [object, unknown][] = [
      [CodeAnalyticsResponse, { data: presentCodeAnalytics(codeId, code) }],
      [ClearScansResponse, { data: presentClearScans(codeId, 3) }],
    ];
    for (const [schema, doc] of checks) expect(ajv.validate(schema, doc), JSON.stringify(ajv.errors)).toBe(true);
    const presented = presentCodeAnalytics(codeId, code);
    expect(presented.countries).toEqual([{ value: 'GB', scans: 1 }]);
    // The IP database names the region and city in English; each is listed with where it lies.
    expect(presented.regions).toEqual([{ value: 'England', country: 'GB', scans: 1 }]);
    expect(presented.cities).toEqual([{ value: expect.any(String), region: 'England', country: 'GB', scans: 1 }]);
  });
});
