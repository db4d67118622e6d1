import { mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/util/write-atomic.js';

const folder = (): string => mkdtempSync(join(tmpdir(), 'mcpns-write-atomic-'));

describe('writeFileAtomic', () => {
  it('creates a private file by default and leaves no temporary file behind', () => {
    const dir = folder();
    writeFileAtomic(join(dir, 'state.json'), '{"a":1}\n');
    expect(readFileSync(join(dir, 'state.json'), 'utf8')).toBe('{"a":1}\n');
    expect(statSync(join(dir, 'state.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('replaces a symbolic link at the target instead of writing through it', () => {
    const dir = folder();
    writeFileAtomic(join(dir, 'victim'), 'keep');
    symlinkSync(join(dir, 'victim'), join(dir, 'out'));
    writeFileAtomic(join(dir, 'out'), 'new', { durable: true });
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('keep');
    expect(readFileSync(join(dir, 'out'), 'utf8')).toBe('new');
  });

  it('exclusive: refuses with EEXIST when anything is there, keeping the old file and no temporary file', () => {
    const dir = folder();
    writeFileSync(join(dir, 'mcpns.config.json'), 'old');
    expect(() => writeFileAtomic(join(dir, 'mcpns.config.json'), 'new', { exclusive: true })).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(join(dir, 'mcpns.config.json'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['mcpns.config.json']);
  });

  it('a failed write leaves the old file in place and removes its temporary file', () => {
    const dir = folder();
    writeFileAtomic(join(dir, 'a'), 'old');
    expect(() => writeFileAtomic(join(dir, 'a', 'b'), 'x')).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    expect(readFileSync(join(dir, 'a'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['a']);
  });

  it('writes a view of a larger buffer, not the whole buffer', () => {
    const dir = folder();
    writeFileAtomic(join(dir, 'v'), Buffer.from('xxhelloxx').subarray(2, 7));
    expect(readFileSync(join(dir, 'v'), 'utf8')).toBe('hello');
  });

  it('writes parts as exactly their concatenation, multibyte text included', () => {
    const dir = folder();
    const parts = ['{\n  "a": [', '\n    "é🙂"', ',\n    "x"'.repeat(3), '', '\n  ]\n}\n'];
    writeFileAtomic(join(dir, 'report.json'), parts, { durable: true });
    expect(readFileSync(join(dir, 'report.json'))).toEqual(Buffer.from(parts.join(''), 'utf8'));
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('a part that throws fails the write: the old file stays whole and no temporary file is left', () => {
    const dir = folder();
    writeFileAtomic(join(dir, 'report.json'), 'old');
    function* parts(): Generator<string> {
      yield 'x'.repeat(200_000); // written to the temporary file before the failure
      throw new Error('renderer failed');
    }
    expect(() => writeFileAtomic(join(dir, 'report.json'), parts())).toThrow('renderer failed');
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['report.json']);
    // With nothing there before, nothing is there after.
    expect(() => writeFileAtomic(join(dir, 'new.json'), parts())).toThrow('renderer failed');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });
});
