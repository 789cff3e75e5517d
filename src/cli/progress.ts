import type { Job, JobKind } from '../platform/index.js';

/** Characters of the bar between its brackets. */
const WIDTH = 20;

/** What each kind of job does to its rows or codes, once its input is checked. */
const DOING: Record<JobKind, string> = { bulk: 'creating', export: 'drawing', import: 'creating' };

const count = (n: number) => n.toLocaleString('en');

/**
 * Where a job has got to, in one line of a terminal: `checking 12,000 rows…` while a bulk input is
 * checked (its total grows as it is read; an import's `reading and checking 12,000…`), then
 * `creating 4,500 / 12,000 [#######.............] 37%`.
 */
export function progressLine(job: Pick<Job, 'kind' | 'status' | 'stage' | 'total' | 'done'>, width = WIDTH): string {
  if (job.status === 'queued') return 'waiting for the job to start…';
  if (job.kind === 'bulk' && job.stage !== 'creating')
    return job.total > 0 ? `checking ${count(job.total)} rows…` : 'checking rows…';
  // An import reads its source (a file, or an API page by page) and checks each record as it goes.
  if (job.kind === 'import' && job.stage !== 'creating')
    return job.total > 0 ? `reading and checking ${count(job.total)}…` : 'reading and checking…';
  const doing = DOING[job.kind];
  if (job.total <= 0) return `${doing}…`;
  const share = Math.min(1, Math.max(0, job.done / job.total));
  const filled = Math.floor(share * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return `${doing} ${count(job.done)} / ${count(job.total)} [${bar}] ${Math.floor(share * 100)}%`;
}

/** One line redrawn in place on a terminal, only when it changes, and wiped when the work ends. */
export class ProgressBar {
  private shown = '';

  constructor(private readonly out: NodeJS.WriteStream) {}

  show(line: string): void {
    const columns = this.out.columns || 80;
    const fitted = line.length < columns ? line : line.slice(0, columns - 1);
    if (fitted === this.shown) return;
    this.shown = fitted;
    this.out.write(`\r${fitted}\x1b[K`);
  }

  clear(): void {
    if (this.shown === '') return;
    this.out.write('\r\x1b[K');
    this.shown = '';
  }
}
