import { readRegularFile } from '../../util/read-file.js';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import type { Diagnostic } from '../model.js';
import { expandTilde } from './paths.js';

/**
 * Variable dialects. Each client expands only its own syntax, with its own rule for a missing
 * variable; anything else is left as written (and a foreign syntax is reported, since the client
 * would pass it through literally too).
 */
export type Dialect = 'none' | 'claude-code' | 'vscode' | 'cursor' | 'windsurf' | 'cline' | 'gemini' | 'opencode' | 'continue' | 'goose';

export interface VarScope {
  env: Record<string, string | undefined>;
  /** `--input id=value` answers (VS Code `${input:id}`, Continue `${{ inputs.x }}`). */
  inputs: Record<string, string>;
  /** Ids declared in a VS Code file's `inputs[]`. */
  declaredInputs?: ReadonlySet<string>;
  home: string;
  workspaceFolder: string;
  /** Directory of the config file (relative `{file:…}` paths). */
  configDir: string;
  /** Variables a client supplies from the entry itself (Goose `envs`). */
  extra?: Record<string, string>;
}

/** What a client does with a missing variable: keep the placeholder, or substitute an empty string. */
export type MissingRule = 'keep' | 'empty';

export type Expander = (raw: string, pointer: string, missing?: MissingRule) => string;

/** `problem` names what is missing without its `${…}` syntax: the output scrubber masks unresolved placeholders kept as values. */
type Resolution = { value: string } | { problem: string; rule?: MissingRule; code?: string; hint?: string };

interface DialectSpec {
  /** Global regex of the dialect's references. */
  pattern: RegExp;
  resolve(match: RegExpExecArray, scope: VarScope): Resolution;
  /** Foreign syntaxes this dialect does understand (not reported). */
  families: ReadonlySet<Family>;
  /** Default rule for a missing variable. */
  missing: MissingRule;
}

type Family = 'posix' | 'colon' | 'brace' | 'double-brace';

const FAMILIES: Record<Family, RegExp> = {
  posix: /\$\{(?!(?:workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|cwd)\})[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/,
  colon: /\$\{(?:env|input|config|command|file|workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|\/)(?::[^}]*)?\}/,
  brace: /(?<!\$)\{(?:env|file):[^}]+\}/,
  'double-brace': /\$\{\{[^}]*\}\}/,
};

const envValue = (scope: VarScope, name: string): string | undefined => scope.extra?.[name] ?? scope.env[name];

function posixResolve(name: string, fallback: string | undefined, scope: VarScope): Resolution {
  const value = envValue(scope, name);
  if (value !== undefined && value !== '') return { value };
  if (fallback !== undefined) return { value: fallback };
  if (value === '') return { value };
  return { problem: `variable ${name} is not set` };
}

/** Shared resolver for `${workspaceFolder}`-style names (VS Code, Cursor). */
function builtin(name: string, scope: VarScope): string | undefined {
  switch (name) {
    case 'workspaceFolder':
    case 'cwd':
      return scope.workspaceFolder;
    case 'workspaceFolderBasename':
      return basename(scope.workspaceFolder);
    case 'userHome':
      return scope.home;
    case 'pathSeparator':
    case '/':
      return sep;
    default:
      return undefined;
  }
}

function readVarFile(path: string, scope: VarScope): string | undefined {
  const full = resolve(scope.configDir, expandTilde(path, scope.home));
  if (!isAbsolute(full)) return undefined;
  try {
    // A secret file is small; a device or FIFO named here must not hang or flood the run.
    return readRegularFile(full, 1024 * 1024).replace(/\r?\n$/, '');
  } catch {
    return undefined;
  }
}

const DIALECTS: Record<Exclude<Dialect, 'none'>, DialectSpec> = {
  'claude-code': {
    pattern: /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    resolve: (m, scope) => posixResolve(m[1]!, m[2], scope),
    families: new Set(['posix']),
    missing: 'keep',
  },
  gemini: {
    pattern: /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    resolve: (m, scope) => (m[3] !== undefined ? posixResolve(m[3], undefined, scope) : posixResolve(m[1]!, m[2], scope)),
    families: new Set(['posix']),
    missing: 'keep',
  },
  goose: {
    pattern: /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    resolve: (m, scope) => posixResolve(m[1] ?? m[2]!, undefined, scope),
    families: new Set(['posix']),
    missing: 'keep',
  },
  vscode: {
    pattern: /\$\{(?:(env|input|config|command):([^}]+)|(workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|cwd|\/))\}/g,
    resolve: (m, scope) => {
      const [, kind, argument, name] = m;
      if (name) return { value: builtin(name, scope) ?? '' };
      if (kind === 'env') {
        const value = scope.env[argument!];
        return value !== undefined ? { value } : { problem: `variable ${argument} is not set`, rule: 'empty' };
      }
      if (kind === 'input') {
        const value = scope.inputs[argument!];
        if (value !== undefined) return { value };
        const declared = scope.declaredInputs?.has(argument!) ?? false;
        return {
          problem: `input "${argument}" has no answer`,
          code: 'UNRESOLVED_INPUT',
          hint: declared ? `VS Code would prompt for it; pass --input ${argument}=<value>` : `no input "${argument}" is declared in "inputs"`,
        };
      }
      return { problem: `${kind} variable "${argument}" cannot be evaluated outside VS Code`, code: 'UNSUPPORTED_VARIABLE' };
    },
    families: new Set(['colon']),
    missing: 'keep',
  },
  cursor: {
    pattern: /\$\{(?:env:([^}]+)|(workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|\/))\}/g,
    resolve: (m, scope) => {
      if (m[2]) return { value: builtin(m[2], scope) ?? '' };
      const value = scope.env[m[1]!];
      return value !== undefined ? { value } : { problem: `variable ${m[1]} is not set` };
    },
    families: new Set(['colon']),
    missing: 'keep',
  },
  windsurf: {
    pattern: /\$\{(env|file):([^}]+)\}/g,
    resolve: (m, scope) => {
      const value = m[1] === 'env' ? scope.env[m[2]!] : readVarFile(m[2]!, scope);
      return value !== undefined ? { value } : { problem: m[1] === 'env' ? `variable ${m[2]} is not set` : `file ${m[2]} cannot be read` };
    },
    families: new Set(['colon']),
    missing: 'keep',
  },
  cline: {
    pattern: /\$\{env:([^}]+)\}/g,
    resolve: (m, scope) => {
      const value = scope.env[m[1]!];
      return value !== undefined ? { value } : { problem: `variable ${m[1]} is not set` };
    },
    families: new Set(['colon']),
    missing: 'keep',
  },
  opencode: {
    pattern: /(?<!\$)\{(env|file):([^}]+)\}/g,
    resolve: (m, scope) => {
      if (m[1] === 'env') {
        const value = scope.env[m[2]!];
        return value !== undefined ? { value } : { problem: `variable ${m[2]} is not set`, rule: 'empty' };
      }
      const value = readVarFile(m[2]!, scope);
      return value !== undefined ? { value } : { problem: `file ${m[2]} cannot be read` };
    },
    families: new Set(['brace']),
    missing: 'empty',
  },
  continue: {
    pattern: /\$\{\{\s*(secrets|inputs)\.([A-Za-z0-9_.-]+)\s*\}\}/g,
    resolve: (m, scope) => {
      const value = m[1] === 'inputs' ? scope.inputs[m[2]!] : scope.env[m[2]!];
      return value !== undefined ? { value } : { problem: `${m[1] === 'inputs' ? 'input' : 'secret'} ${m[2]} is not set` };
    },
    families: new Set(['double-brace']),
    missing: 'keep',
  },
};

const SYNTAX_HELP: Record<Dialect, string> = {
  none: 'it expands no variables',
  'claude-code': 'it expands ${VAR} and ${VAR:-default}',
  gemini: 'it expands $VAR, ${VAR} and ${VAR:-default}',
  goose: 'it expands $VAR and ${VAR} from envs',
  vscode: 'it expands ${env:VAR}, ${input:id}, ${workspaceFolder}, ${userHome}',
  cursor: 'it expands ${env:VAR}, ${userHome}, ${workspaceFolder}',
  windsurf: 'it expands ${env:VAR} and ${file:path}',
  cline: 'it expands ${env:VAR}',
  opencode: 'it expands {env:VAR} and {file:path}',
  continue: 'it expands ${{ secrets.NAME }} and ${{ inputs.NAME }}',
};

/**
 * An expander for one file: expands `raw` in the dialect, records unresolved variables (by name, never
 * by value) and foreign syntaxes as diagnostics with the field's JSON pointer.
 */
export function makeExpander(dialect: Dialect, clientLabel: string, scope: VarScope, file: string, diagnostics: Diagnostic[]): Expander {
  const spec = dialect === 'none' ? undefined : DIALECTS[dialect];
  return (raw, pointer, missingOverride) => {
    for (const [family, pattern] of Object.entries(FAMILIES) as Array<[Family, RegExp]>) {
      if (spec?.families.has(family)) continue;
      const found = pattern.exec(raw);
      if (found) {
        diagnostics.push({
          level: 'info',
          code: 'VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT',
          message: `${found[0]} is not expanded by ${clientLabel} (${SYNTAX_HELP[dialect]}); it is used literally`,
          file,
          pointer,
        });
      }
    }
    if (!spec) return raw;
    let expanded = '';
    let last = 0;
    for (const match of raw.matchAll(new RegExp(spec.pattern.source, 'g'))) {
      const literal = match[0];
      expanded += raw.slice(last, match.index);
      last = match.index + literal.length;
      const resolution = spec.resolve(match, scope);
      if ('value' in resolution) {
        expanded += resolution.value;
        continue;
      }
      const rule = missingOverride ?? resolution.rule ?? spec.missing;
      const outcome = rule === 'empty' ? `${clientLabel} substitutes an empty string` : 'the placeholder is kept literally';
      diagnostics.push({
        level: 'warning',
        code: resolution.code ?? 'UNRESOLVED_VARIABLE',
        message: `${resolution.problem}; ${resolution.hint ? `${resolution.hint}; ` : ''}${outcome}`,
        file,
        pointer,
      });
      expanded += rule === 'empty' ? '' : literal;
    }
    return expanded + raw.slice(last);
  };
}
