import { NAME_MAX } from './codes.types.js';

/** `X (copy)`, then `X (copy 2)`, `X (copy 3)`, ...: the first not in `taken`, within the name limit. */
export function cloneName(original: string, taken: readonly string[]): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const base = original.length + suffix.length > NAME_MAX ? original.slice(0, NAME_MAX - suffix.length).trimEnd() : original;
    const name = base + suffix;
    if (!used.has(name)) return name;
  }
}
