import type { WireRule } from './types.js';

/**
 * Provider and product name rules (naming-presets.md §4, §6). A rule's `pattern` is authoritative; `char`,
 * `first` and the lengths let checks say *what* is wrong (NAME_INVALID_CHARS vs NAME_TOO_LONG).
 * The provider rules were re-checked against each provider's documentation and SDK code on 2026-11-24;
 * docs/presets.md (## Providers) names every source, and where sources disagree.
 */

/** ASCII letters, digits, "_" and "-", 1 to `maxLength` characters, no rule on the first character. */
function asciiWordWire(maxLength: number, source: string): WireRule {
  return { pattern: new RegExp(`^[a-zA-Z0-9_-]{1,${maxLength}}$`), charset: '[A-Za-z0-9_-]', maxLength, char: /[a-zA-Z0-9_-]/, source };
}

export const OPENAI_WIRE: WireRule = asciiWordWire(
  64,
  'OpenAI FunctionDefinition.name: a-z, A-Z, 0-9, "_" and "-", at most 64 (openai-node src/resources/shared.ts)',
);

/** Anthropic raised the limit from 64 to 128 (define-tools; the API answers "String should have at most 128 characters"). */
export const ANTHROPIC_WIRE: WireRule = asciiWordWire(128, 'Anthropic define-tools: name must match ^[a-zA-Z0-9_-]{1,128}$');

export const BEDROCK_WIRE: WireRule = asciiWordWire(
  64,
  'AWS Bedrock Converse ToolSpecification.name (botocore bedrock-runtime ToolName): [a-zA-Z0-9_-]+, 1–64',
);

export const MISTRAL_WIRE: WireRule = asciiWordWire(64, 'mistral-common protocol/instruct/validator.py _validate_function: ^[a-zA-Z0-9_-]{1,64}$');

/**
 * Gemini: start with a letter or "_", then letters, digits, "_", ".", ":", "-"; 64, as the API's own error says
 * (the @google/genai typings say 128; Vertex AI's error leaves out ":").
 */
export const GEMINI_WIRE: WireRule = {
  pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  charset: '[A-Za-z0-9_.:-], starting with a letter or "_"',
  maxLength: 64,
  char: /[a-zA-Z0-9_.:-]/,
  first: /[a-zA-Z_]/,
  source: 'Gemini FunctionDeclaration.name (generativelanguage v1beta; the API error "…with a maximum length of 64")',
};

/** What an MCP gateway's tools/list should satisfy (MCP 2025-11-25 "Tool Names", a SHOULD). */
export const MCP_SPEC_WIRE: WireRule = {
  pattern: /^[A-Za-z0-9._-]{1,128}$/,
  charset: '[A-Za-z0-9._-]',
  maxLength: 128,
  char: /[A-Za-z0-9._-]/,
  source: 'MCP specification 2025-11-25 server/tools "Tool Names"',
};

/** ContextForge's own validator (VALIDATION_MAX_TOOL_NAME_LENGTH). */
export const CONTEXTFORGE_WIRE: WireRule = {
  pattern: /^[a-zA-Z0-9_][a-zA-Z0-9._/-]{0,127}$/,
  charset: '[A-Za-z0-9._/-], starting with a letter, digit or "_"',
  maxLength: 128,
  char: /[a-zA-Z0-9._/-]/,
  first: /[a-zA-Z0-9_]/,
  source: 'IBM/mcp-context-forge mcpgateway/config.py',
};

/** A problem with one name under a wire rule. */
export type WireProblem =
  | { kind: 'empty' }
  | { kind: 'too-long'; length: number; maxLength: number }
  | { kind: 'invalid-chars'; chars: string[] }
  | { kind: 'bad-first'; char: string };

/**
 * Why `name` breaks `rule` (empty when it passes). Characters are reported once each, by code point, in order of
 * first appearance, so a megabyte name yields a short list.
 */
export function wireProblems(rule: WireRule, name: string): WireProblem[] {
  const problems: WireProblem[] = [];
  if (name.length < (rule.minLength ?? 1)) problems.push({ kind: 'empty' });
  if (name.length > rule.maxLength) problems.push({ kind: 'too-long', length: name.length, maxLength: rule.maxLength });
  const first = String.fromCodePoint(name.codePointAt(0) ?? 0);
  if (name.length > 0 && rule.first && !rule.first.test(first)) problems.push({ kind: 'bad-first', char: first });
  if (rule.char) {
    const bad = new Set<string>();
    for (const ch of name) {
      if (!rule.char.test(ch)) {
        bad.add(ch);
        if (bad.size >= 20) break;
      }
    }
    if (bad.size) problems.push({ kind: 'invalid-chars', chars: [...bad] });
  }
  if (problems.length === 0 && !rule.pattern.test(name)) problems.push({ kind: 'invalid-chars', chars: [] });
  return problems;
}
