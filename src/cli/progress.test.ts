import { describe, expect, it } from 'vitest';
import { progressLine, ProgressBar } from './progress.js';

const job = (fields: Partial<Parameters<typeof progressLine>[0]>) => ({
  kind: 'bulk' as const,
  status: 'running' as const,
  stage: 'checking',
  total: 0,
  done: 0,
  ...fields,
});

describe('progressLine', () => {
  it('says a queued job waits, and counts the rows a bulk job has checked so far', () => {
    expect(progressLine(job({ status: 'queued', stage: '' }))).toBe('waiting for the job to start…');
    expect(progressLine(job({ stage: '' }))).toBe('checking rows…');
    expect(progressLine(job({ total: 12_000 }))).toBe('checking 12,000 rows…');
  });

  it('says an import reads and checks its source, then counts the links it creates', () => {
    expect(progressLine(job({ kind: 'import', stage: 'checking' }))).toBe('reading and checking…');
    expect(progressLine(job({ kind: 'import', stage: 'checking', total: 1_500 }))).toBe('reading and checking 1,500…');
    expect(progressLine(job({ kind: 'import', stage: 'creating', total: 4, done: 1 }), 4)).toBe('creating 1 / 4 [#...] 25%');
  });

  it('draws a bar of the rows created, rounded down so it is full only when every one is', () => {
    expect(progressLine(job({ stage: 'creating', total: 12_000, done: 4_500 }))).toBe(
      'creating 4,500 / 12,000 [#######.............] 37%',
    );
    expect(progressLine(job({ stage: 'creating', total: 12_000, done: 4_500 }), 10)).toBe(
      'creating 4,500 / 12,000 [###.......] 37%',
    );
    expect(progressLine(job({ stage: 'creating', total: 3, done: 2 }), 10)).toBe('creating 2 / 3 [######....] 66%');
    expect(progressLine(job({ stage: 'creating', total: 3, done: 3 }), 10)).toBe('creating 3 / 3 [##########] 100%');
    expect(progressLine(job({ stage: 'creating', total: 3, done: 5 }), 10)).toBe('creating 5 / 3 [##########] 100%');
  });

  it('draws the codes of a print run, which has no stages', () => {
    expect(progressLine(job({ kind: 'export', stage: '', total: 0 }))).toBe('drawing…');
    expect(progressLine(job({ kind: 'export', stage: '', total: 30, done: 0 }), 10)).toBe('drawing 0 / 30 [..........] 0%');
    expect(progressLine(job({ kind: 'export', stage: '', total: 30, done: 12 }), 10)).toBe('drawing 12 / 30 [####......] 40%');
  });
});

describe('ProgressBar', () => {
  const terminal = (columns: number) => {
    const written: string[] = [];
    const out = { columns, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    return { out, written };
  };

  it('redraws its line in place only when it changes, cut to the terminal, and wipes it at the end', () => {
    const { out, written } = terminal(20);
    const bar = new ProgressBar(out);
    bar.show('checking rows…');
    bar.show('checking rows…');
    bar.show('creating 1 / 2 [#####.....] 50%');
    bar.clear();
    bar.clear();
    expect(written).toEqual(['\rchecking rows…\x1b[K', '\rcreating 1 / 2 [###\x1b[K', '\r\x1b[K']);
  });
});
