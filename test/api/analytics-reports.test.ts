import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP, hit, recordAll } from '../support/hits.js';
import { pdfText, pdfToPng } from '../support/decoders.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

/** Its text with runs of white space as one space, as a reader's search sees it. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describeEach(STORES)('analytics reports as PDF ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const get = (url: string, token = t.token) => h.request({ method: 'GET', url: `/api/v1${url}`, token });
  const campaign = async (token: string, name: string, members: { type: string; id: string }[] = []) => {
    const res = await h.request({ method: 'POST', url: '/api/v1/campaigns', token, payload: { name, members } });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it("answers a code's report over a range in a zone: its name, range, totals and change, breakdowns", async () => {
    const code = await h.factory.code(t.account.id, { name: 'Café menu' });
    h.clock.set(Date.parse('2026-03-04T10:00:00Z'));
    await recordAll(h, [hit(h, { accountId: t.account.id, targetId: code.id })]);
    h.clock.set(Date.parse('2026-03-10T10:00:00Z'));
    const own = { accountId: t.account.id, targetId: code.id };
    await recordAll(h, [
      hit(h, { ...own, clientAddress: '81.2.69.142' }),
      hit(h, { ...own, clientAddress: '198.51.100.8', userAgent: DESKTOP }),
      hit(h, { ...own, clientAddress: '198.51.100.9' }),
    ]);
    const res = await get(`/analytics/codes/${code.id}/report?from=2026-03-08&to=2026-03-11&tz=Europe/Berlin`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="qrelay-code-cafe-menu-2026-03-08-2026-03-11.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(pdf));
    expect(text).toContain('Café menu');
    expect(text).toContain('QR code · 8 Mar 2026 – 11 Mar 2026 (4 days), time zone Europe/Berlin');
    expect(text).toMatch(/Scans .*3 .*\+200% against the previous period \(1\)/);
    expect(text).toContain('Previous period: 4 Mar 2026 – 7 Mar 2026.');
    expect(text).toContain('United Kingdom');
    expect(text).toMatch(/Mobile 2 67%/);
    expect(text).toMatch(/Desktop 1 33%/);
    expect(text).toContain('Generated 10 Mar 2026, 11:00 (Europe/Berlin)');
    expect(pdfToPng(pdf, 50)).toMatch(/\.png$/);
  });

  it("answers a short link's and a campaign's report, the campaign over all its members", async () => {
    const link = await h.factory.link(t.account.id, { name: 'Spring sale' });
    const code = await h.factory.code(t.account.id, { name: 'Poster' });
    const campaignId = await campaign(t.token, 'Spring 2026', [
      { type: 'link', id: link.id },
      { type: 'code', id: code.id },
    ]);
    h.clock.set(Date.parse('2026-04-02T12:00:00Z'));
    await recordAll(h, [
      hit(h, { accountId: t.account.id, targetId: link.id, kind: 'link' }),
      hit(h, { accountId: t.account.id, targetId: code.id, clientAddress: '198.51.100.20' }),
    ]);
    const linkReport = await get(`/analytics/links/${link.id}/report?days=7`);
    expect(linkReport.statusCode).toBe(200);
    expect(flat(pdfText(linkReport.rawPayload))).toMatch(
      /Spring sale Short link · 27 Mar 2026 – 2 Apr 2026 \(7 days\), time zone UTC.*Clicks .*1 /,
    );
    const report = await get(`/analytics/campaigns/${campaignId}/report?from=2026-04-01&to=2026-04-02`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('qrelay-campaign-spring-2026-2026-04-01-2026-04-02.pdf');
    const text = flat(pdfText(report.rawPayload));
    expect(text).toContain('Campaign · 1 Apr 2026 – 2 Apr 2026 (2 days)');
    expect(text).toMatch(/Scans, clicks and views .*2 .*new against the previous period \(0\)/);
  });

  it("answers 404 for another account's code, link or campaign, and 400 naming the field for a bad range", async () => {
    const other = await h.factory.tenant();
    const code = await h.factory.code(other.account.id, { name: 'Theirs' });
    const link = await h.factory.link(other.account.id, { name: 'Theirs too' });
    const theirs = await campaign(other.token, 'Their campaign');
    for (const url of [
      `/analytics/codes/${code.id}/report`,
      `/analytics/links/${link.id}/report`,
      `/analytics/campaigns/${theirs}/report`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
      expect((await get(url, other.token)).statusCode, url).toBe(200);
    }
    const mine = await h.factory.code(t.account.id, { name: 'Mine' });
    for (const [query, field] of [
      ['from=2026-03-10&to=2026-03-01', 'from'],
      ['from=2026-02-30', 'from'],
      ['tz=Mars/Olympus', 'tz'],
      ['days=7&from=2026-03-01', 'days'],
    ] as const) {
      const res = await get(`/analytics/codes/${mine.id}/report?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('invalid_request');
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
  });

  it('needs analytics:read', async () => {
    const code = await h.factory.code(t.account.id, { name: 'Scoped' });
    const token = await h.factory.token(t.account.id, ['codes:read']);
    const res = await get(`/analytics/codes/${code.id}/report`, token);
    expect(res.statusCode).toBe(403);
  });
});
