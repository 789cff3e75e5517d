import type { CampaignsService, CodesService, ReportFigures, ReportPainter, ReportSubject } from '../../catalog/index.js';
import type { Clock } from '../../lib/clock.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { EventSource } from '../events/events.sink.js';
import { previousOf, rangeFigures, windowOfRange, type RangeReader } from '../analytics/range-figures.js';
import type { RangeInput } from '../analytics/range.js';

/** A drawn report: the PDF's bytes and the file name it is offered under. */
export interface Report {
  pdf: Uint8Array;
  filename: string;
}

/** A name as part of a file name: ASCII letters, digits and single dashes, at most 40 characters. */
export const fileSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 40)
    .replace(/-+$/, '');

export interface ReportsDeps {
  codes: Pick<CodesService, 'get'>;
  links: Pick<CodesService, 'get'>;
  campaigns: Pick<CampaignsService, 'get'>;
  events: EventSource;
  ranges: RangeReader;
  clock: Clock;
  /** Draws the PDF (the imaging threads: the serving thread never loads the PDF library). */
  painter: ReportPainter;
}

/**
 * PDF reports of a code, a short link or a campaign over a range, to send to someone without an
 * account: the figures of the analytics reads (totals against the previous period, the daily series,
 * the breakdowns) drawn on one A4 page. Needs analytics:read; another account's subject is not found.
 */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  async code(actor: Person, id: string, input: RangeInput, kind: 'code' | 'link' = 'code'): Promise<Report> {
    assertCan(actor, 'analytics:read');
    const code = await (kind === 'link' ? this.deps.links : this.deps.codes).get(actor, id);
    return this.draw(actor, { subject: kind, name: code.name, id, ids: [id] }, input);
  }

  async campaign(actor: Person, id: string, input: RangeInput): Promise<Report> {
    assertCan(actor, 'analytics:read');
    const campaign = await this.deps.campaigns.get(actor, id);
    const ids = campaign.members.map((m) => m.id);
    return this.draw(actor, { subject: 'campaign', name: campaign.name, id, ids }, input);
  }

  /** The figures of `ids` over the range read as the analytics endpoints read them, then drawn. */
  private async draw(
    actor: Person,
    of: { subject: ReportSubject; name: string; id: string; ids: string[] },
    input: RangeInput,
  ): Promise<Report> {
    const { accountId } = actor;
    const { events, ranges } = this.deps;
    const range = await ranges.range(accountId, input, 3650);
    const figures = await rangeFigures(events, accountId, of.ids, range);
    const previous = await previousOf(events, accountId, of.ids, range, figures.totals);
    const window = windowOfRange(range);
    const report: ReportFigures = {
      subject: of.subject,
      name: of.name,
      ...window,
      unit: of.subject === 'code' ? 'scans' : of.subject === 'link' ? 'clicks' : 'events',
      totals: { count: figures.totals.scans, uniqueVisitors: figures.totals.uniqueVisitors },
      previous: {
        from: previous.from,
        to: previous.to,
        totals: { count: previous.totals.scans, uniqueVisitors: previous.totals.uniqueVisitors },
        daily: previous.daily.map((d) => d.scans),
        change: { count: previous.change.scans, uniqueVisitors: previous.change.uniqueVisitors },
      },
      daily: figures.daily.map((d) => ({ date: d.date, count: d.scans })),
      countries: figures.countries,
      devices: figures.devices,
      os: figures.os,
      browsers: figures.browsers,
      generatedAt: this.deps.clock.now(),
    };
    const slug = fileSlug(of.name) || of.id.slice(0, 8);
    return {
      pdf: await this.deps.painter.drawReport(report),
      filename: `qrelay-${of.subject}-${slug}-${window.from}-${window.to}.pdf`,
    };
  }
}
