/** Runs before each test file (vitest setupFiles, also when workers run several files in one module graph). */
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers/temp.js';

afterAll(removeTempDirs);
