/**
 * A rollup row's breakdown: how many events had each dictionary value (a country, a device, a type,
 * …; the value's code names its dimension too), packed as a version byte and then (code, count) pairs
 * in code order, each number a LEB128 varint. A day of a code with a few scans packs in about 15 bytes,
 * where a row per dimension and value took a hundred each.
 */
export type Counts = Map<number, number>;

const VERSION = 1;

export function encodeCounts(counts: Counts): Uint8Array {
  const codes = [...counts.keys()].sort((a, b) => a - b);
  const out: number[] = [VERSION];
  const push = (n: number) => {
    // Counts pass 2^31, so no bitwise arithmetic.
    while (n >= 0x80) {
      out.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    out.push(n);
  };
  for (const code of codes) {
    const n = counts.get(code)!;
    if (n === 0) continue;
    push(code);
    push(n);
  }
  return Uint8Array.from(out);
}

export function decodeCounts(bytes: Uint8Array | null | undefined, into: Counts = new Map()): Counts {
  if (!bytes || bytes.length === 0) return into;
  if (bytes[0] !== VERSION) throw new Error(`unknown rollup counts version ${bytes[0]}`);
  let at = 1;
  const next = () => {
    let n = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('rollup counts cut short');
      n += (byte & 0x7f) * scale;
      if (byte < 0x80) return n;
      scale *= 0x80;
    }
  };
  while (at < bytes.length) {
    const code = next();
    const n = next();
    into.set(code, (into.get(code) ?? 0) + n);
  }
  return into;
}

/** Adds `more` into `counts`. */
export function addCounts(counts: Counts, more: Counts): Counts {
  for (const [code, n] of more) counts.set(code, (counts.get(code) ?? 0) + n);
  return counts;
}
