/** Runs before each test file (vitest setupFiles, also when workers run several files in one module graph). */
import { afterAll } from 'vitest';
import { stopHttpFixtures } from '../helpers/fixtures.js';
import { removeTempDirs } from '../helpers/temp.js';

// After the file's own hooks (vitest runs after-hooks in reverse): fixtures a failed test left running are stopped,
// then the temp folders removed.
afterAll(removeTempDirs);
afterAll(stopHttpFixtures);

// Without a terminal, a server slower than a second earns a progress line on stderr; how long a fixture takes depends
// on the machine's load, so tests that read stderr turn the lines off (the progress tests set their own interval).
process.env['MCPNS_PROGRESS_INTERVAL_MS'] ??= '0';
