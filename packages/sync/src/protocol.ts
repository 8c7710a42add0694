import type { z } from 'zod/mini';
import {
  clientMessageSchema,
  serverMessageSchema,
  type ClientMessage,
  type ServerMessage,
} from './protocol.schema';
import { SYNC_PROTOCOL_VERSION } from './protocol-version';

/**
 * Parsing of incoming messages. It never throws: a socket handler gets a value to answer with
 * (an `error` message) instead of an exception to catch. The version is checked before the
 * shape, so an outdated peer learns it must reload even when its message shapes differ.
 */
export type ProtocolParseError =
  | { code: 'protocol_version_mismatch'; expected: number; received: unknown }
  | { code: 'invalid_message'; message: string };

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: ProtocolParseError };

export function parseClientMessage(json: unknown): ParseResult<ClientMessage> {
  const mismatch = versionMismatch(json);
  if (mismatch) return { ok: false, error: mismatch };
  // hello also names the version the client was built for; both must agree with ours.
  if (isRecord(json) && json.type === 'hello' && 'protocolVersion' in json) {
    const received = json.protocolVersion;
    if (received !== SYNC_PROTOCOL_VERSION) {
      return {
        ok: false,
        error: { code: 'protocol_version_mismatch', expected: SYNC_PROTOCOL_VERSION, received },
      };
    }
  }
  return parseWith(clientMessageSchema, json);
}

export function parseServerMessage(json: unknown): ParseResult<ServerMessage> {
  const mismatch = versionMismatch(json);
  if (mismatch) return { ok: false, error: mismatch };
  return parseWith(serverMessageSchema, json);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A present `v` other than ours is a version mismatch; a missing `v` is just invalid. */
function versionMismatch(json: unknown): ProtocolParseError | undefined {
  if (!isRecord(json) || !('v' in json) || json.v === SYNC_PROTOCOL_VERSION) return undefined;
  return { code: 'protocol_version_mismatch', expected: SYNC_PROTOCOL_VERSION, received: json.v };
}

function parseWith<T>(schema: z.ZodMiniType<T>, json: unknown): ParseResult<T> {
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const message = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, error: { code: 'invalid_message', message } };
}
