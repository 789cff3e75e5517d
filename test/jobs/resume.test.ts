import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { jobRunner } from '../../src/jobs/index.js';
import { JobRunner, JobStopped, type JobRun, type JobWork } from '../../src/platform/index.js';

const quiet = { info() {}, warn() {} } as never;
const ROWS = 2_600;

/**
 * A bulk job whose instance dies midway (here: its work stops after `stopAt` rows without ending the
 * job, as a killed process would leave it) is taken over once its lease lapses and resumes after
 * exactly what was committed: every row is created once.
 */
describeEach(STORES)('a bulk job resumes after its instance dies ($name)', (store) => {
  let h: Harness;
  let t: Tenant;

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ plan: 'enterprise' });
  });
  afterAll(() => h.close());

  /** The real bulk work, which "dies" (stops without a word, keeping its lease) once `stopAt` rows are committed. */
  const dying = (stopAt: number, stage: 'checking' | 'creating'): JobWork => ({
    run: (run: JobRun) =>
      h.services.catalog.bulk.run({
        ...run,
        job: run.job,
        input: run.input,
        outputPath: run.outputPath,
        setStage: run.setStage,
        checkpoint: run.checkpoint,
        setTotal: async (total) => {
          await run.setTotal(total);
          if (stage === 'checking' && total >= stopAt) throw new JobStopped('lease lost');
        },
        advance: async (done, tx) => {
          await run.advance(done, tx);
          // Inside the batch's transaction: the batch past `stopAt` rolls back, as a kill mid-batch would.
          if (stage === 'creating' && done > stopAt) throw new JobStopped('lease lost');
        },
      }),
  });

  const csv = (prefix: string) =>
    [
      'name,url,shortCode',
      ...Array.from(
        { length: ROWS },
        (_, i) => `${prefix} ${i + 1},https://example.com/${i},${i % 7 === 0 ? `${prefix}-${i}` : ''}`,
      ),
    ].join('\n');

  for (const stage of ['checking', 'creating'] as const) {
    it(`dies while ${stage}, is taken over after its lease lapses, and creates each row once`, async () => {
      const prefix = `r${stage}`;
      const res = await h.request({
        method: 'POST',
        url: '/api/v1/codes/bulk',
        token: t.token,
        payload: csv(prefix),
        headers: { 'content-type': 'text/csv' },
      });
      const id = res.json().data.id as string;
      const first = new JobRunner(
        h.services.platform.jobRows,
        h.services.platform.jobs.files,
        { bulk: dying(1_000, stage) },
        h.clock,
        quiet,
      );
      await first.drain();
      const half = await h.services.platform.jobs.find(t.account.id, id);
      expect(half!.status).toBe('running');
      expect(half!.done).toBe(stage === 'creating' ? 1_000 : 0);

      const second = jobRunner(h.services, quiet);
      await second.drain();
      expect((await h.services.platform.jobs.find(t.account.id, id))!.status).toBe('running');
      h.clock.advance(31_000);
      await second.drain();
      const done = await h.services.platform.jobs.find(t.account.id, id);
      expect(done).toMatchObject({ status: 'succeeded', total: ROWS, done: ROWS });

      const file = await h.request({ method: 'GET', url: `/api/v1/jobs/${id}/file`, token: t.token });
      const rows = file.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','));
      expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r[1])).size).toBe(ROWS);
      const names = await h.services.catalog.codes.list(
        { kind: 'person', accountId: t.account.id, userId: t.owner.id, role: 'owner' },
        { limit: 100_000, offset: 0, name: prefix },
      );
      expect(names).toHaveLength(ROWS);
      expect(new Set(names.map((c) => c.name)).size).toBe(ROWS);
    });
  }
});
