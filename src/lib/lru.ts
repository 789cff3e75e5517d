interface Entry<V> {
  value: V;
  expiresAt: number;
  /** When the entry was last moved to the recent end, counted in moves. */
  touched: number;
}

/**
 * A bounded least-recently-used map; an entry may also carry an expiry (epoch ms).
 *
 * A read moves an entry to the recent end only once more than a quarter of the bound has been
 * inserted or moved since it was last moved: a popular key read on every request then costs one
 * lookup, not a delete and an insert (the hash map's costliest operations). After any read an entry
 * outlives at least `max / 2` further insertions, so a key read that often is never evicted by a
 * burst of rare ones.
 */
export class Lru<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Moves to the recent end so far; an entry's age is `moves - touched`. */
  private moves = 0;
  private readonly stillRecent: number;

  constructor(private readonly max: number) {
    this.stillRecent = Math.floor(max / 4);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, or undefined when absent or expired. */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // At most `moves - touched` entries are more recent than this one.
    if (this.moves - entry.touched > this.stillRecent) {
      this.entries.delete(key);
      entry.touched = ++this.moves;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt, touched: ++this.moves });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
