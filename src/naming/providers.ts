import { renderEach } from './build.js';
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
    render: (input) => renderEach(id, input, (ref) => ({ name: `${ref.server}__${ref.tool}` })),
    parse: splitParser('__'),
  };
}

export const openai = provider('openai', 'OpenAI', OPENAI_WIRE, 128);
export const anthropic = provider('anthropic', 'Anthropic', ANTHROPIC_WIRE);
export const gemini = provider('gemini', 'Google Gemini', GEMINI_WIRE, 512);
export const bedrock = provider('bedrock', 'AWS Bedrock Converse', BEDROCK_WIRE);
export const mistral = provider('mistral', 'Mistral', MISTRAL_WIRE);
