import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRegularFile } from '../util/read-file.js';
import { writeFileAtomic } from '../util/write-atomic.js';

/** Most vectors kept per model: past it the oldest entries are dropped (a catalog rarely has more than a few thousand tools). */
const MAX_ENTRIES = 20_000;
const MAX_FILE_BYTES = 256 * 1024 * 1024;

interface CacheFile {
  version: 1;
  model: string;
  /** Hash of the tool's embedded text → its vector (little-endian float32, base64). */
  vectors: Record<string, string>;
}

/**
 * Tool vectors of one model, one file: `<directory>/<hash of the model name>.json`. A vector is keyed by the hash of
 * the text embedded, so a tool whose definition changes is embedded again and an unchanged one never. A missing,
 * unreadable or foreign file is an empty cache; a failed write costs a re-embedding next time, nothing more.
 */
export class EmbeddingCache {
  private readonly file: string;
  private vectors: Map<string, string> | undefined;
  private changed = false;

  constructor(
    private readonly directory: string,
    private readonly model: string,
  ) {
    this.file = join(directory, `${createHash('sha256').update(model).digest('hex').slice(0, 24)}.json`);
  }

  get(key: string): Float32Array | undefined {
    const encoded = this.load().get(key);
    if (!encoded) return undefined;
    const bytes = Buffer.from(encoded, 'base64');
    if (!bytes.length || bytes.length % 4) return undefined;
    const vector = new Float32Array(bytes.length / 4);
    for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
    return vector;
  }

  set(key: string, vector: Float32Array): void {
    const bytes = Buffer.alloc(vector.length * 4);
    vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
    const vectors = this.load();
    vectors.delete(key);
    vectors.set(key, bytes.toString('base64'));
    while (vectors.size > MAX_ENTRIES) vectors.delete(vectors.keys().next().value!);
    this.changed = true;
  }

  save(): void {
    if (!this.changed || !this.vectors) return;
    const content: CacheFile = { version: 1, model: this.model, vectors: Object.fromEntries(this.vectors) };
    try {
      mkdirSync(this.directory, { recursive: true, mode: 0o700 });
      writeFileAtomic(this.file, JSON.stringify(content));
      this.changed = false;
    } catch {
      // A read-only state directory: the vectors are asked for again next time.
    }
  }

  private load(): Map<string, string> {
    if (this.vectors) return this.vectors;
    this.vectors = new Map();
    try {
      const parsed = JSON.parse(readRegularFile(this.file, MAX_FILE_BYTES)) as Partial<CacheFile>;
      if (parsed.version === 1 && parsed.model === this.model && parsed.vectors && typeof parsed.vectors === 'object')
        for (const [key, value] of Object.entries(parsed.vectors)) if (typeof value === 'string') this.vectors.set(key, value);
    } catch {
      // Not there yet, or unreadable: start empty.
    }
    return this.vectors;
  }
}
