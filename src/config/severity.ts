/** What config `rules` may set a code to (`warn` and `warning` are the same); zod-free, so help texts can list it. */
export const SEVERITY_SETTINGS = ['error', 'warn', 'warning', 'info', 'off'] as const;
