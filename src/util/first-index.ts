/**
 * The first position of each key among a list's items, in an open-addressing table of two typed arrays sized once
 * (position + 1 and the key's hash per slot). A million names cost two 8 MB arrays instead of a map grown entry by
 * entry, and nothing per key for the garbage collector to walk; a key is compared with `keyAt` of the position only
 * when the hashes agree.
 */
export class FirstIndex<K extends string | number> {
  private readonly firsts: Int32Array;
  private readonly hashes: Int32Array;
  private readonly mask: number;
  private used = 0;

  /** `capacity`: how many distinct keys at most; `keyAt(position)`: the key of the item at a position added earlier. */
  constructor(
    capacity: number,
    private readonly keyAt: (position: number) => K,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.firsts = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The first position added with this key, or −1 after adding `position` as its first. */
  firstOrAdd(key: K, position: number): number {
    const hash = hashKey(key);
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const first = this.firsts[slot]!;
      if (first === 0) {
        // One slot always stays free: probing for a missing key must end.
        if (++this.used === this.firsts.length) throw new RangeError(`FirstIndex: more than ${this.mask} keys in a table sized for fewer`);
        this.firsts[slot] = position + 1;
        this.hashes[slot] = hash;
        return -1;
      }
      if (this.hashes[slot] === hash && this.keyAt(first - 1) === key) return first - 1;
    }
  }

  /** The first position added with this key, or −1. */
  first(key: K): number {
    const hash = hashKey(key);
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const first = this.firsts[slot]!;
      if (first === 0) return -1;
      if (this.hashes[slot] === hash && this.keyAt(first - 1) === key) return first - 1;
    }
  }
}

/** Where string hashes start: chosen per process, so names made to share one hash are not known ahead. */
export const HASH_SEED = (Math.random() * 2 ** 32) | 0;

/** A 32-bit hash: FNV-1a over a string's code units from the per-process start; a number's bits, mixed. */
export function hashKey(key: string | number): number {
  if (typeof key === 'number') return Math.imul(key | 0, 0x9e3779b1);
  let hash = HASH_SEED;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return hash;
}
