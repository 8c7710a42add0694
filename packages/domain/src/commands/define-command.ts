import { z } from 'zod/mini';
import { opSchema, type JsonObject, type JsonValue, type Op } from '@qa/sync';
import { validationIssueMessage } from '../entities/validation-issue';
import type { DomainMessage } from '../messages/message';
import {
  can,
  canEver,
  isPermissionAction,
  type PermissionAction,
  type PermissionContext,
} from '../permissions/permissions';

/**
 * Commands (DESIGN.md section 4): every write is a named command defined once here and run by
 * both sides: the web client runs it optimistically on its replica, the server re-runs it in its
 * transaction on the current state. `run` is pure: it sees only the documents `reads` declared,
 * the parsed args and `ctx` (actor, server time, id generator), so both sides compute the same ops.
 */

/** A document a command needs: the server loads exactly these, the client reads its replica. */
export interface DocRef {
  collection: string;
  id: string;
}

/** Read-only view of the documents a command declared in `reads`. Do not mutate what it returns. */
export interface CommandState {
  get(collection: string, id: string): JsonObject | undefined;
}

export interface CommandActor {
  personId: string;
  roles: readonly string[];
}

/**
 * What a run may depend on besides state and args. `now` is an ISO timestamp and `newId` a
 * deterministic id source, both given by the caller: no clock or randomness inside `run`.
 */
export interface CommandContext {
  actor: CommandActor;
  now: string;
  newId(): string;
}

/** The activity stream entry a command produces (the server adds id, actor and timestamp). */
export interface CommandActivity {
  verb: string;
  object: string;
  objectUrl: string;
}

export const COMMAND_ERROR_CODES = [
  'forbidden',
  'invalid_args',
  'not_found',
  'conflict',
  'rule',
] as const;
export type CommandErrorCode = (typeof COMMAND_ERROR_CODES)[number];

/**
 * A typed rejection. `message` is what the user is told (a key, never a text); `issues` lists
 * every problem when there are several (one per invalid field), for showing them at the field.
 */
export interface CommandError {
  code: CommandErrorCode;
  message: DomainMessage;
  issues?: DomainMessage[];
}

export type CommandSuccess = {
  ok: true;
  ops: Op[];
  activity?: CommandActivity;
  /** Nothing to write: the UI says 'no changes found' instead of 'saved'. */
  unchanged?: true;
  /** What to tell the user on success ('{title} gespeichert'), if anything. */
  message?: DomainMessage;
};
export type CommandFailure = { ok: false; error: CommandError };
export type CommandResult = CommandSuccess | CommandFailure;

/**
 * One command. `action` authorizes through the permission table (`can`), with the context
 * `permissionContext` builds (default: just the actor's id); `authorize` adds or replaces a rule of
 * its own (false or a message = forbidden). At least one of the two is required.
 */
export interface CommandDefinition<Args = unknown> {
  readonly name: string;
  readonly args: z.ZodMiniType<Args>;
  readonly action?: PermissionAction;
  permissionContext?(args: Args, state: CommandState, ctx: CommandContext): PermissionContext;
  authorize?(ctx: CommandContext, args: Args, state: CommandState): boolean | DomainMessage;
  reads(args: Args): readonly DocRef[];
  run(state: CommandState, args: Args, ctx: CommandContext): CommandResult;
}

type Authorization<Args> =
  | {
      action: PermissionAction;
      authorize?: (ctx: CommandContext, args: Args, state: CommandState) => boolean | DomainMessage;
    }
  | {
      action?: undefined;
      authorize: (ctx: CommandContext, args: Args, state: CommandState) => boolean | DomainMessage;
    };

export type CommandSpec<S extends z.ZodMiniType> = {
  name: string;
  args: S;
  permissionContext?: (
    args: z.output<S>,
    state: CommandState,
    ctx: CommandContext,
  ) => PermissionContext;
  reads: (args: z.output<S>) => readonly DocRef[];
  run: (state: CommandState, args: z.output<S>, ctx: CommandContext) => CommandResult;
} & Authorization<z.output<S>>;

const COMMAND_NAME = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/**
 * Defines a command. Mistakes in the definition itself (a malformed name, an unknown permission
 * action, no authorization at all) are programming errors and throw at once.
 */
export function defineCommand<S extends z.ZodMiniType>(
  spec: CommandSpec<S>,
): CommandDefinition<z.output<S>> {
  if (!COMMAND_NAME.test(spec.name)) {
    throw new Error(`Command name "${spec.name}" must be dotted camelCase like "area.verb"`);
  }
  if (spec.action !== undefined && !isPermissionAction(spec.action)) {
    throw new Error(`Command "${spec.name}": unknown permission action "${String(spec.action)}"`);
  }
  if (spec.action === undefined && typeof spec.authorize !== 'function') {
    throw new Error(`Command "${spec.name}" needs a permission action or an authorize rule`);
  }
  return Object.freeze({ ...spec }) as CommandDefinition<z.output<S>>;
}

export function commandOk(
  ops: Op[],
  extra: Omit<CommandSuccess, 'ok' | 'ops'> = {},
): CommandSuccess {
  return { ok: true, ops, ...extra };
}

export function commandError(
  code: CommandErrorCode,
  message: DomainMessage,
  issues?: DomainMessage[],
): CommandFailure {
  return { ok: false, error: issues ? { code, message, issues } : { code, message } };
}

/** A state view over plain documents, `{ [collection]: { [id]: data } }` (tests, seeds). */
export function createCommandState(
  documents: Readonly<Record<string, Readonly<Record<string, JsonObject>>>>,
): CommandState {
  return {
    get(collection, id) {
      const docs = Object.hasOwn(documents, collection) ? documents[collection] : undefined;
      return docs && Object.hasOwn(docs, id) ? docs[id] : undefined;
    },
  };
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Turns parsed, JSON-like data (zod output) into a JSON value the way JSON.stringify would:
 * object entries holding undefined are dropped, undefined in arrays becomes null, -0 becomes 0.
 * Anything that is not JSON (a Date, NaN) is left for the op validation of `executeCommand` to
 * reject.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : toJsonValue(item)));
  if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty, not assignment: a "__proto__" key is data here, not the prototype.
      if (item !== undefined) {
        Object.defineProperty(out, key, {
          value: toJsonValue(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return out;
  }
  if (Object.is(value, -0)) return 0;
  return value as JsonValue;
}

function invalidArgs(command: string, error: z.core.$ZodError): CommandFailure {
  const issues = error.issues.map(validationIssueMessage);
  const first = error.issues[0];
  const reason = issues[0]?.key ?? 'validation.invalid';
  return commandError(
    'invalid_args',
    {
      key: 'command.invalidArgs',
      params: { command, field: first ? first.path.map(String).join('.') : '', reason },
    },
    issues,
  );
}

export type CommandReadsResult =
  { ok: true; args: unknown; reads: DocRef[] } | { ok: false; error: CommandError };

function forbidden(command: string, message?: DomainMessage): CommandFailure {
  return commandError('forbidden', message ?? { key: 'command.forbidden', params: { command } });
}

/**
 * Permission before validation: roles that may never run the command (an empty cell of its
 * action) are refused before the args are parsed, so someone who may not import does not learn
 * what a valid import looks like. Rules that need the documents (audit team, assignee) can only
 * be checked once valid args name them.
 */
export function mayEverRun(
  def: Pick<CommandDefinition, 'action'>,
  roles: readonly string[],
): boolean {
  return def.action === undefined || canEver(roles, def.action);
}

function refusedOutright<Args>(
  def: CommandDefinition<Args>,
  actor: CommandActor,
): CommandFailure | null {
  return mayEverRun(def, actor.roles) ? null : forbidden(def.name);
}

/**
 * Step one for the server (and the client replica): parse the args and list the documents to
 * load before `executeCommand`. Invalid args answer `invalid_args` here already; with the actor,
 * roles that may never run the command answer `forbidden` first.
 */
export function commandReads<Args>(
  def: CommandDefinition<Args>,
  rawArgs: unknown,
  actor?: CommandActor,
): CommandReadsResult {
  const refused = actor ? refusedOutright(def, actor) : null;
  if (refused) return refused;
  const parsed = def.args.safeParse(rawArgs);
  if (!parsed.success) return invalidArgs(def.name, parsed.error);
  return { ok: true, args: parsed.data, reads: uniqueRefs(def.reads(parsed.data)) };
}

function refKey(collection: string, id: string): string {
  return JSON.stringify([collection, id]);
}

function uniqueRefs(refs: readonly DocRef[]): DocRef[] {
  const seen = new Set<string>();
  const out: DocRef[] = [];
  for (const ref of refs) {
    const key = refKey(ref.collection, ref.id);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ collection: ref.collection, id: ref.id });
  }
  return out;
}

/**
 * Narrows a state to the documents a command declared. Reading any other document is a bug in
 * the command (the server would not have loaded it, so client and server would disagree) and
 * throws, on both sides alike.
 */
function declaredState(
  command: string,
  state: CommandState,
  refs: readonly DocRef[],
): CommandState {
  const allowed = new Set(refs.map((ref) => refKey(ref.collection, ref.id)));
  return {
    get(collection, id) {
      if (!allowed.has(refKey(collection, id))) {
        throw new Error(
          `Command "${command}" read ${collection}/${id}, which its reads() did not declare`,
        );
      }
      return state.get(collection, id);
    },
  };
}

const activitySchema = z.object({
  verb: z.string().check(z.minLength(1)),
  object: z.string(),
  objectUrl: z.string(),
});
const opsSchema = z.array(opSchema);

function authorized<Args>(
  def: CommandDefinition<Args>,
  args: Args,
  state: CommandState,
  ctx: CommandContext,
): true | CommandFailure {
  const refuse = (message?: DomainMessage) => forbidden(def.name, message);
  if (def.action !== undefined) {
    const context = def.permissionContext?.(args, state, ctx) ?? { userId: ctx.actor.personId };
    if (!can(ctx.actor.roles, def.action, context)) return refuse();
  }
  if (def.authorize) {
    const verdict = def.authorize(ctx, args, state);
    if (verdict !== true) return refuse(verdict === false ? undefined : verdict);
  }
  return true;
}

/**
 * Runs one command: refuses roles that may never run it (`forbidden`), parses the args (invalid
 * -> `invalid_args`, 'command.invalidArgs' with the field and the schema's key as `reason`),
 * authorizes (-> `forbidden`, 'command.forbidden'), runs,
 * and validates what `run` returned: ops that are not valid field-path operations (or a malformed
 * activity) are a bug and answer `rule` with 'command.invalidResult' instead of being applied.
 * Returns the validated copies of the ops. Never throws for user errors; a command that reads an
 * undeclared document or throws itself is a programming error and does throw.
 */
export function executeCommand<Args>(
  def: CommandDefinition<Args>,
  rawArgs: unknown,
  state: CommandState,
  ctx: CommandContext,
): CommandResult {
  const refused = refusedOutright(def, ctx.actor);
  if (refused) return refused;
  const parsed = def.args.safeParse(rawArgs);
  if (!parsed.success) return invalidArgs(def.name, parsed.error);
  const args = parsed.data;
  const view = declaredState(def.name, state, uniqueRefs(def.reads(args)));
  const verdict = authorized(def, args, view, ctx);
  if (verdict !== true) return verdict;
  const result = def.run(view, args, ctx);
  if (!result.ok) return result;
  const invalidResult = () =>
    commandError('rule', { key: 'command.invalidResult', params: { command: def.name } });
  const ops = opsSchema.safeParse(result.ops);
  if (!ops.success) return invalidResult();
  const { ok: _ok, ops: _ops, activity, ...rest } = result;
  if (activity === undefined) return { ok: true, ops: ops.data, ...rest };
  const checkedActivity = activitySchema.safeParse(activity);
  if (!checkedActivity.success) return invalidResult();
  return { ok: true, ops: ops.data, activity: checkedActivity.data, ...rest };
}
