/** Exit codes of the contract: 0 clean, 1 findings/failed server/isError, 2 usage or config or internal error, 130 SIGINT. */
export const EXIT = {
  OK: 0,
  FINDINGS: 1,
  ERROR: 2,
  INTERRUPTED: 130,
} as const;
