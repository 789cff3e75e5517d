// The collections a server logged with `node --trace-gc` during a measured run, per isolate.
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';

// `[pid:0xisolate]   1234 ms: Scavenge 12.1 (21.7) -> 5.4 (21.7) MB, 0.19 / 0.00 ms ...`
const LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: (Scavenge|Mark-Compact|Mark-Sweep|Minor Mark-Compact)\b.*? MB, ([\d.]+) \//;

/** A log file a server's standard output goes to: where it stands now, and what it logged since. */
export class TraceGcLog {
  constructor(file) {
    this.file = file;
    this.fd = openSync(file, 'w');
  }

  /** The log's length now (the start or the end of a measured run). */
  mark() {
    return statSync(this.file).size;
  }

  /**
   * Per isolate, in the order each first logged (the serving thread's isolate first: it starts first),
   * the collections logged between two marks: `{ isolate, kind, count, ms }`.
   */
  between(from, to) {
    const bytes = readFileSync(this.file);
    // Each isolate's place in the order of first lines.
    const places = new Map();
    for (const line of bytes.toString('utf8').split('\n')) {
      const m = LINE.exec(line);
      if (m && !places.has(m[1])) places.set(m[1], places.size);
    }
    const totals = new Map();
    for (const line of bytes.subarray(from, to).toString('utf8').split('\n')) {
      const m = LINE.exec(line);
      if (!m) continue;
      const key = `${m[1]} ${m[2]}`;
      const total = totals.get(key) ?? { isolate: places.get(m[1]), kind: m[2], count: 0, ms: 0 };
      total.count += 1;
      total.ms += Number(m[3]);
      totals.set(key, total);
    }
    return [...totals.values()].sort((a, b) => a.isolate - b.isolate || a.kind.localeCompare(b.kind));
  }

  close() {
    closeSync(this.fd);
  }
}
