/** Kept in step with package.json by a test (importing package.json here would cost start-up time). */
export const VERSION = '0.1.0';
