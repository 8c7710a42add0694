import {
  commandError,
  commandReads,
  executeCommand,
  type CommandActor,
  type CommandContext,
  type CommandDefinition,
  type CommandReadsResult,
  type CommandResult,
  type CommandState,
} from './define-command';

/** The commands both sides know, by name: the server runs what clients push, the client its outbox. */
export interface CommandRegistry {
  get(name: string): CommandDefinition | undefined;
  has(name: string): boolean;
  /** The names in the order the definitions were given. */
  names(): string[];
  /** `commandReads` by name; an unknown name answers 'command.unknown'. */
  reads(name: string, rawArgs: unknown, actor?: CommandActor): CommandReadsResult;
  /** `executeCommand` by name; an unknown name answers 'command.unknown'. */
  execute(name: string, rawArgs: unknown, state: CommandState, ctx: CommandContext): CommandResult;
}

function unknownCommand(name: string) {
  return commandError('invalid_args', { key: 'command.unknown', params: { command: name } });
}

/** Builds a registry; two definitions with one name are a programming error and throw. */
export function createCommandRegistry(definitions: readonly CommandDefinition[]): CommandRegistry {
  const byName = new Map<string, CommandDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) {
      throw new Error(`Command "${definition.name}" is defined twice`);
    }
    byName.set(definition.name, definition);
  }
  const lookup = (name: string) => (byName.has(name) ? byName.get(name) : undefined);
  return {
    get: lookup,
    has: (name) => byName.has(name),
    names: () => [...byName.keys()],
    reads(name, rawArgs, actor) {
      const definition = lookup(name);
      return definition ? commandReads(definition, rawArgs, actor) : unknownCommand(name);
    },
    execute(name, rawArgs, state, ctx) {
      const definition = lookup(name);
      return definition ? executeCommand(definition, rawArgs, state, ctx) : unknownCommand(name);
    },
  };
}
