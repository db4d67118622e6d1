import { joinName, renderEach } from './build.js';
import { splitParser } from './parse.js';
import type { NamingTarget, WireRule } from './types.js';
import { ANTHROPIC_WIRE, BEDROCK_WIRE, GEMINI_WIRE, MISTRAL_WIRE, OPENAI_WIRE } from './wire.js';

/**
 * A provider target: the names an agent following MCPx would send (`server__tool`), checked against the provider's
 * function-name rule and tool-count limit. Nothing is sanitized: a name that breaks the rule is reported.
 */
function provider(id: string, label: string, wire: WireRule, maxTools?: number): NamingTarget {
  return {
    id,
    kind: 'provider',
    summary: `${label} function calling: server__tool checked against ${wire.pattern.source}${maxTools ? `, ≤ ${maxTools} tools` : ''}`,
    source: wire.source ?? label,
    status: 'verified',
    prefixing: 'always',
    unprefixed: false,
    wire,
    ...(maxTools !== undefined ? { maxTools } : {}),
    render: (input) => renderEach(id, input, (ref) => ({ name: joinName(ref.server, '__', ref.tool) })),
    parse: splitParser('__'),
  };
}

/**
 * Tool-count limits per request, where the provider states one (docs/presets.md § Providers has the sources).
 * Anthropic, Bedrock Converse and Mistral document none, so none is checked for them.
 */
export const PROVIDER_MAX_TOOLS = {
  /** The API's `array_above_max_length` error ("maximum length 128"); the openai-node 4.x typings said so too. */
  openai: 128,
  /** @google/genai `Tool.functionDeclarations`: "Maximum 512 function declarations can be provided". */
  gemini: 512,
} as const;

export const openai = provider('openai', 'OpenAI', OPENAI_WIRE, PROVIDER_MAX_TOOLS.openai);
export const anthropic = provider('anthropic', 'Anthropic', ANTHROPIC_WIRE);
export const gemini = provider('gemini', 'Google Gemini', GEMINI_WIRE, PROVIDER_MAX_TOOLS.gemini);
export const bedrock = provider('bedrock', 'AWS Bedrock Converse', BEDROCK_WIRE);
export const mistral = provider('mistral', 'Mistral', MISTRAL_WIRE);
