import { saveAutocompletionCommand } from './autocompletion.commands';
import { createCommandRegistry } from './command-registry';
import { updateConfigurationCommand } from './configuration.commands';

/** Every command of the product; the server and the web client build their registry from it. */
export const DOMAIN_COMMANDS = [updateConfigurationCommand, saveAutocompletionCommand] as const;

export const domainCommandRegistry = createCommandRegistry(DOMAIN_COMMANDS);
