/**
 * A CallToolResult as data: its structuredContent checked against the tool's outputSchema, and the binary content
 * (images, audio, blob resources) with sizes and the file names `--save-dir` writes them under. Pure.
 */
import { validateArguments, type ArgumentViolation } from './validate.js';

export interface OutputCheck {
  valid: boolean;
  violations: ArgumentViolation[];
  /** What could not be checked (e.g. a pattern the linear-time engine cannot run). */
  note?: string;
}

/**
 * structuredContent against outputSchema (MCP: a tool with an outputSchema MUST return conforming structured content,
 * unless the result is an error). Undefined when the tool declares no outputSchema or the result is an error.
 */
export function checkOutput(outputSchema: Record<string, unknown> | undefined, result: Record<string, unknown>): OutputCheck | undefined {
  if (!outputSchema || result['isError'] === true) return undefined;
  const structured = result['structuredContent'];
  if (structured === undefined) {
    return { valid: false, violations: [{ path: 'structuredContent', keyword: 'required', message: 'missing, although the tool declares an outputSchema' }] };
  }
  if (typeof structured !== 'object' || structured === null || Array.isArray(structured)) {
    return { valid: false, violations: [{ path: 'structuredContent', keyword: 'type', message: 'expected an object' }] };
  }
  try {
    const { valid, violations, note } = validateArguments(outputSchema, structured as Record<string, unknown>, 'the tool (outputSchema)');
    return { valid, violations: violations.map((violation) => ({ ...violation, path: `structuredContent.${violation.path}` })), ...(note ? { note } : {}) };
  } catch (error) {
    return { valid: false, violations: [{ path: 'outputSchema', keyword: 'schema', message: (error as Error).message }] };
  }
}

export interface BinaryContent {
  /** Position in `content`. */
  index: number;
  type: 'image' | 'audio' | 'resource';
  mimeType?: string;
  /** Base64 as sent. */
  data: string;
  /** Decoded size in bytes. */
  bytes: number;
  /** Where --save-dir writes it: `<tool>-<index>.<extension>`. */
  fileName: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'text/plain': 'txt',
};

/** Bytes a base64 string decodes to. */
export function decodedSize(base64: string): number {
  const clean = base64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** Images, audio and blob resources of a result, with a safe file name each (tool names are sanitized). */
export function binaryContent(result: Record<string, unknown>, tool: string): BinaryContent[] {
  const content = Array.isArray(result['content']) ? (result['content'] as unknown[]) : [];
  const base =
    tool
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 64) || 'content';
  const items: BinaryContent[] = [];
  content.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null) return;
    const item = raw as Record<string, unknown>;
    const type = item['type'];
    let data: unknown;
    let mimeType: unknown;
    if (type === 'image' || type === 'audio') {
      data = item['data'];
      mimeType = item['mimeType'];
    } else if (type === 'resource' && typeof item['resource'] === 'object' && item['resource'] !== null) {
      const resource = item['resource'] as Record<string, unknown>;
      data = resource['blob'];
      mimeType = resource['mimeType'];
    }
    if (typeof data !== 'string') return;
    const mime = typeof mimeType === 'string' ? mimeType : undefined;
    const extension = (mime && EXTENSIONS[mime.toLowerCase()]) ?? 'bin';
    items.push({
      index,
      type: type as BinaryContent['type'],
      ...(mime ? { mimeType: mime } : {}),
      data,
      bytes: decodedSize(data),
      fileName: `${base}-${index}.${extension}`,
    });
  });
  return items;
}
