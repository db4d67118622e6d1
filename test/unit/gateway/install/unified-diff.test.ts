import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../../src/gateway/install/unified-diff.js';

describe('unifiedDiff', () => {
  it('shows changed lines with three lines of context and hunk headers', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n') + '\n';
    const after = before.replace('e\n', 'E\n');
    expect(unifiedDiff('x.json', before, after)).toBe('--- a/x.json\n+++ b/x.json\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n');
  });

  it('a created file comes from /dev/null; equal texts give nothing', () => {
    expect(unifiedDiff('new.json', undefined, '{}\n')).toBe('--- /dev/null\n+++ b/new.json\n@@ -0,0 +1,1 @@\n+{}\n');
    expect(unifiedDiff('same', 'x\n', 'x\n')).toBe('');
  });
});
