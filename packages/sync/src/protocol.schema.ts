import { z } from 'zod/mini';
import { idStringSchema, MAX_ID_LENGTH, replicatedDocumentSchema } from './document.schema';
import { jsonValueSchema } from './json';
import { SYNC_PROTOCOL_VERSION } from './protocol-version';
import { querySchema } from './query.schema';

/**
 * Messages between web client and server (DESIGN.md section 4), discriminated on `type`, each
 * with `v: SYNC_PROTOCOL_VERSION`. Limits bound what one message may make the other side hold
 * in memory; the transport should also cap a frame at MAX_MESSAGE_BYTES before parsing JSON.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
export const MAX_MUTATIONS_PER_PUSH = 500;
/** Serialized size of one command's args, in UTF-16 code units (JSON.stringify length). */
export const MAX_ARGS_JSON_LENGTH = 256 * 1024;
export const MAX_DOCUMENTS_PER_MESSAGE = 10_000;
/**
 * A snapshot is sent in chunks of at most this many documents (and about
 * SNAPSHOT_CHUNK_BYTES of JSON), in the query's order: the first chunk holds the first screen,
 * and neither side holds a whole large result as one message.
 */
export const SNAPSHOT_CHUNK_DOCUMENTS = 2_000;
/** Serialized documents per snapshot chunk before the server closes it (a soft bound). */
export const SNAPSHOT_CHUNK_BYTES = 1024 * 1024;
/**
 * A client id is shorter than other ids: the documents a command creates are named
 * `${clientId}-${mutationId}-${n}` (apps/web/src/lib/sync/command-ids.ts), and those must still
 * be ids of at most MAX_ID_LENGTH characters (64 + 1 + 16 digits + 1 + a counter).
 */
export const MAX_CLIENT_ID_LENGTH = 64;
export const MAX_COMMAND_NAME_LENGTH = 100;
export const MAX_ERROR_MESSAGE_LENGTH = 2_000;

const v = z.literal(SYNC_PROTOCOL_VERSION);
/** Ids the client chooses (a UUID, 'q1'): ID_PATTERN, so none can hold a NUL or a lone surrogate. */
const clientIdSchema = idStringSchema.check(z.maxLength(MAX_CLIENT_ID_LENGTH));
const subscriptionIdSchema = idStringSchema.check(z.maxLength(MAX_ID_LENGTH));
/**
 * Names one change log (a server database; a restore starts a new one). Sequences are positions
 * within one change log only: a client compares the welcome's with the one its replica came from.
 */
const changeLogIdSchema = idStringSchema.check(z.maxLength(MAX_ID_LENGTH));
/** A command name as the domain spells them ('audit.create'); an unknown one is `unknown_command`. */
const commandNameSchema = z
  .string()
  .check(z.minLength(1))
  .check(z.maxLength(MAX_COMMAND_NAME_LENGTH))
  .check(z.regex(/^[A-Za-z0-9_.-]+$/, 'a command name is made of A-Z a-z 0-9 _ . -'));
/** Change-log positions; 0 means "before the first change". */
const sequenceSchema = z.int().check(z.gte(0)).check(z.lte(Number.MAX_SAFE_INTEGER));
/** Increasing per client, starting at 1, so the server can drop a replayed command. */
const mutationIdSchema = z.int().check(z.gte(1)).check(z.lte(Number.MAX_SAFE_INTEGER));
const messageTextSchema = z.string().check(z.maxLength(MAX_ERROR_MESSAGE_LENGTH));

export const mutationSchema = z.object({
  mutationId: mutationIdSchema,
  clientId: clientIdSchema,
  name: commandNameSchema,
  args: jsonValueSchema.check(
    z.refine((args) => JSON.stringify(args).length <= MAX_ARGS_JSON_LENGTH, {
      message: `args must serialize to at most ${MAX_ARGS_JSON_LENGTH} characters`,
    }),
  ),
});
export type Mutation = z.infer<typeof mutationSchema>;

// Client -> server.

export const helloMessageSchema = z.object({
  type: z.literal('hello'),
  v,
  clientId: clientIdSchema,
  protocolVersion: z.int(),
  /**
   * The change log the client's replica came from (the last welcome's); absent when it has
   * none. Another one than the server's: no `resumeFrom` of this connection is taken.
   */
  changeLogId: z.optional(changeLogIdSchema),
});
export const pushMessageSchema = z.object({
  type: z.literal('push'),
  v,
  mutations: z
    .array(mutationSchema)
    .check(z.minLength(1))
    .check(z.maxLength(MAX_MUTATIONS_PER_PUSH)),
});
export const subscribeMessageSchema = z.object({
  type: z.literal('subscribe'),
  v,
  subscriptionId: subscriptionIdSchema,
  query: querySchema,
  /** Last sequence the client has applied for this query; absent asks for a snapshot. */
  resumeFrom: z.optional(sequenceSchema),
});
export const unsubscribeMessageSchema = z.object({
  type: z.literal('unsubscribe'),
  v,
  subscriptionId: subscriptionIdSchema,
});
export const pingMessageSchema = z.object({ type: z.literal('ping'), v });

export const clientMessageSchema = z.discriminatedUnion('type', [
  helloMessageSchema,
  pushMessageSchema,
  subscribeMessageSchema,
  unsubscribeMessageSchema,
  pingMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// Server -> client.

export const rejectCodeSchema = z.enum([
  'unauthorized',
  'forbidden',
  'invalid_args',
  'invalid_result',
  'not_found',
  'conflict',
  'unknown_command',
  'rule',
  'internal',
]);
export type RejectCode = z.infer<typeof rejectCodeSchema>;

export const serverErrorCodeSchema = z.enum([
  'protocol_version_mismatch',
  'invalid_message',
  'message_too_large',
  'unauthorized',
  'forbidden',
  'invalid_query',
  'too_many_subscriptions',
  'too_many_connections',
  'slow_consumer',
  'internal',
]);
export type ServerErrorCode = z.infer<typeof serverErrorCodeSchema>;

export const ackMessageSchema = z.object({
  type: z.literal('ack'),
  v,
  mutationId: mutationIdSchema,
  /** Sequence of the command's last change; absent when it changed nothing or was a replay. */
  sequence: z.optional(sequenceSchema),
});
/** A translatable message: a key of the domain's catalogs and its placeholder values. */
const messageKeySchema = z.object({
  key: z.string().check(z.minLength(1)).check(z.maxLength(200)),
  params: z.optional(
    z.record(
      z.string().check(z.maxLength(100)),
      z.union([z.string().check(z.maxLength(1000)), z.number()]),
    ),
  ),
});
export type MessageKey = z.infer<typeof messageKeySchema>;

/** How many recent rejections a welcome repeats at most. */
export const MAX_WELCOME_REJECTIONS = 50;

export const rejectMessageSchema = z.object({
  type: z.literal('reject'),
  v,
  mutationId: mutationIdSchema,
  code: rejectCodeSchema,
  /** For logs and developers; the user is shown `detail` translated. */
  message: messageTextSchema,
  /** What to tell the user (a domain message key), and one message per invalid field. */
  detail: z.optional(messageKeySchema),
  issues: z.optional(z.array(messageKeySchema).check(z.maxLength(100))),
});
export const welcomeMessageSchema = z.object({
  type: z.literal('welcome'),
  v,
  serverTime: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  /**
   * The server's change log. A replica that came from another one (the server was restored from
   * a backup) drops what it holds from there, keeps its unsent commands and subscribes afresh.
   * Optional: a server from before it (same protocol version) sends none.
   */
  changeLogId: z.optional(changeLogIdSchema),
  /**
   * The last mutation the server applied for this client (0 if none). After a crash or a lost
   * ack the client drops every outbox entry up to it instead of waiting for acks.
   */
  lastMutationId: z.optional(z.int().check(z.gte(0)).check(z.lte(Number.MAX_SAFE_INTEGER))),
  /**
   * The sequence of the last change this client's commands wrote, when known. The effect of the
   * entries up to `lastMutationId` is in the client's replica once their documents are stored at
   * this sequence or later; until then the client keeps showing them.
   */
  lastSequence: z.optional(z.int().check(z.gte(0)).check(z.lte(Number.MAX_SAFE_INTEGER))),
  /**
   * The latest rejections answered to this client, repeated: a reject lost with a dying socket
   * would otherwise vanish when the client drops every entry up to `lastMutationId`. The client
   * reports those still in its outbox as rejected and ignores the rest.
   */
  rejections: z.optional(
    z
      .array(z.omit(rejectMessageSchema, { type: true, v: true }))
      .check(z.maxLength(MAX_WELCOME_REJECTIONS)),
  ),
});
const documentsSchema = z
  .array(replicatedDocumentSchema)
  .check(z.maxLength(MAX_DOCUMENTS_PER_MESSAGE));
/**
 * One chunk of a snapshot (protocol 2). A snapshot is the chunks 0, 1, ... of one subscription,
 * the last with `final: true`, all with the same `sequence`, together the query's result in its
 * order. Nothing else of that subscription comes in between (deltas committed meanwhile follow
 * the final chunk). Only the final chunk completes the result: a client that lost the socket
 * before it has an incomplete result and asks for a new snapshot. A chunk 0 starts a new
 * snapshot of the subscription (the server started over).
 */
export const snapshotMessageSchema = z.object({
  type: z.literal('snapshot'),
  v,
  subscriptionId: subscriptionIdSchema,
  /** The log position the snapshot reflects; deltas continue after it. */
  sequence: sequenceSchema,
  documents: documentsSchema,
  /** Position of this chunk in the snapshot, from 0. */
  chunk: z.int().check(z.gte(0)).check(z.lte(Number.MAX_SAFE_INTEGER)),
  /** The last chunk: the result is complete at `sequence`. */
  final: z.boolean(),
  /** Documents in the whole snapshot, when the server knows it in advance (for progress). */
  total: z.optional(z.int().check(z.gte(0)).check(z.lte(Number.MAX_SAFE_INTEGER))),
});
export const deltaMessageSchema = z.object({
  type: z.literal('delta'),
  v,
  subscriptionId: subscriptionIdSchema,
  /** The highest log position this delta covers. */
  sequence: sequenceSchema,
  /**
   * Documents that entered, changed within or left the query (a leaving document is sent as it
   * now is, possibly a tombstone); the client stores them and re-runs the query locally.
   */
  changes: documentsSchema,
});
/**
 * The log was pruned past `resumeFrom`: the client forgets the subscription's cached result, and
 * the server follows with a fresh `snapshot` on the same subscription (no new subscribe needed).
 */
export const resyncRequiredMessageSchema = z.object({
  type: z.literal('resync-required'),
  v,
  subscriptionId: subscriptionIdSchema,
});
export const pongMessageSchema = z.object({ type: z.literal('pong'), v });
export const errorMessageSchema = z.object({
  type: z.literal('error'),
  v,
  code: serverErrorCodeSchema,
  message: messageTextSchema,
  /** Set when the error concerns one subscription (e.g. forbidden query); it is then closed. */
  subscriptionId: z.optional(subscriptionIdSchema),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  welcomeMessageSchema,
  ackMessageSchema,
  rejectMessageSchema,
  snapshotMessageSchema,
  deltaMessageSchema,
  resyncRequiredMessageSchema,
  pongMessageSchema,
  errorMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export type HelloMessage = z.infer<typeof helloMessageSchema>;
export type PushMessage = z.infer<typeof pushMessageSchema>;
export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;
export type UnsubscribeMessage = z.infer<typeof unsubscribeMessageSchema>;
export type PingMessage = z.infer<typeof pingMessageSchema>;
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;
export type AckMessage = z.infer<typeof ackMessageSchema>;
export type RejectMessage = z.infer<typeof rejectMessageSchema>;
export type SnapshotMessage = z.infer<typeof snapshotMessageSchema>;
export type DeltaMessage = z.infer<typeof deltaMessageSchema>;
export type ResyncRequiredMessage = z.infer<typeof resyncRequiredMessageSchema>;
export type PongMessage = z.infer<typeof pongMessageSchema>;
export type ErrorMessage = z.infer<typeof errorMessageSchema>;

// The id schemas are exported for the server and web client, which name the same things.
export {
  changeLogIdSchema,
  clientIdSchema,
  subscriptionIdSchema,
  sequenceSchema,
  mutationIdSchema,
};
