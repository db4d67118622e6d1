/**
 * Credentials that the config does not mark as secrets but that are recognisable by their shape: a value given to
 * an option named like a key or token (`--api-key=…`, `--token …`, `API_KEY=…`), a `Bearer …` value inside an
 * argument, well-known token formats (`sk-…`, `ghp_…`, `xoxb-…`, `AKIA…`), and long random-looking URL path
 * segments (`/mcp/4f9c…/`). People do pass secrets this way; mcpns masks them when it shows a command line or a URL,
 * and registers them with the output scrubber. Every pattern here is linear (no nested quantifiers).
 */

/** Option or variable names whose value is a credential. */
const SECRET_NAME = /(?:key|token|secret|password|passwd|pwd|credentials?)$/i;

/** Token formats that are secrets wherever they appear. */
const TOKEN_FORMATS = [
  /\b(?:sk|rk)-[A-Za-z0-9_-]{16,}/g, // OpenAI, Anthropic (sk-ant-…), Stripe restricted keys
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API key
];

/** The credential after an auth scheme inside a value ("Authorization: Bearer abc…"). */
const AUTH_SCHEME = /\b(?:bearer|basic|token)\s+([A-Za-z0-9._~+/=-]{8,})/gi;

/** Values in a command line (command and arguments) that look like credentials. */
export function secretShapedValues(argv: readonly string[]): string[] {
  const found: string[] = [];
  argv.forEach((arg, index) => {
    const option = /^--?([A-Za-z0-9][\w.-]*)(?:=([\s\S]*))?$/.exec(arg);
    if (option && SECRET_NAME.test(option[1]!)) {
      if (option[2] !== undefined) found.push(option[2]);
      else {
        const next = argv[index + 1];
        if (next !== undefined && !next.startsWith('-')) found.push(next);
      }
    }
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]+)$/.exec(arg);
    if (assignment && SECRET_NAME.test(assignment[1]!)) found.push(assignment[2]!);
    found.push(...tokensIn(arg));
  });
  return found.filter((value) => value.length > 0);
}

/** Well-known token formats and credentials after an auth scheme, anywhere in a text. */
export function tokensIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of TOKEN_FORMATS) for (const match of text.matchAll(pattern)) found.push(match[0]);
  for (const match of text.matchAll(AUTH_SCHEME)) found.push(match[1]!);
  return found;
}

/** Path segments of a URL (as they appear in it, percent-encoded) that look like credentials. */
export function secretShapedPathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // keep it encoded
    }
    return tokensIn(decoded).length > 0 || looksRandom(decoded);
  });
}

/**
 * A long segment that reads like a generated key rather than a word, a date or a version: at least 20 characters
 * from a token alphabet, letters and digits both present, and a high character entropy (random hex or base64 text
 * has 3.5+ bits per character; "release-notes-2024-05-01" has less).
 */
export function looksRandom(text: string): boolean {
  if (text.length < 20 || !/^[A-Za-z0-9_~.+=-]+$/.test(text)) return false;
  if (!/[0-9]/.test(text) || !/[A-Za-z]/.test(text)) return false;
  // Several dictionary-like words joined by separators ("my-project-2024-release") are a slug, not a key.
  const words = text.split(/[-_.~+]/).filter((part) => /^[a-z]{3,}$/i.test(part));
  if (words.length >= 2) return false;
  return entropy(text) >= 3.5;
}

/** Shannon entropy of the characters of text, in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A command line for display with secret-shaped values masked; `masked` says whether anything was, so the caller
 * can add a note (the user should know the printed line is not the exact one).
 */
export function maskSecretShapes(argv: readonly string[], mask: string): { argv: string[]; masked: boolean } {
  const values = [...new Set(secretShapedValues(argv))].sort((a, b) => b.length - a.length);
  let masked = false;
  const out = argv.map((arg) => {
    let result = arg;
    for (const value of values) {
      if (value.length && result.includes(value)) {
        result = result.split(value).join(mask);
        masked = true;
      }
    }
    return result;
  });
  return { argv: out, masked };
}
