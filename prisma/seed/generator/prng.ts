// Deterministic randomness: mulberry32 streams derived from one seed and a label, so each part of
// the data set draws from its own stream and changing one part does not reshuffle the others.

function hashLabel(label: string): number {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i += 1) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number, label = '') {
    this.state = (seed ^ hashLabel(label)) >>> 0;
  }

  /** A new independent stream for a part of the data. */
  fork(label: string): Rng {
    return new Rng(this.state, label);
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Standard normal by Box–Muller. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /** k distinct items. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle([...items]).slice(0, Math.min(k, items.length));
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i += 1) out += String(this.int(0, 9));
    return out;
  }
}

/** Picks by weight in O(log n) after an O(n) set-up. */
export class WeightedPicker<T> {
  private readonly items: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = [];
    this.cumulative = [];
    let total = 0;
    for (const [item, weight] of entries) {
      if (weight <= 0) continue;
      total += weight;
      this.items.push(item);
      this.cumulative.push(total);
    }
    if (total === 0) throw new Error('WeightedPicker needs a positive weight');
    this.total = total;
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.cumulative[mid] > target) high = mid;
      else low = mid + 1;
    }
    return this.items[low];
  }
}
