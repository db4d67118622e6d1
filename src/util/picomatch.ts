import { createRequire } from 'node:module';

type Picomatch = typeof import('picomatch');
let loaded: Picomatch | undefined;

/** picomatch (CommonJS), required on first use: most runs match no glob, and start-up should not pay for it. */
export const picomatch = (): Picomatch => (loaded ??= createRequire(import.meta.url)('picomatch') as Picomatch);
