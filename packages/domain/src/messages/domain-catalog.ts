import { API_MESSAGES } from '../api/api.messages';
import { COMMAND_MESSAGES } from '../commands/commands.messages';
import { importMessages } from './imports.messages';
import type { MessageCatalog } from './message';
import { RULES_MESSAGES } from './rules.messages';
import { validationMessages } from './validation.messages';
import { OPERATIONS_MESSAGES } from '../operations/operations.messages';
import { WEBHOOK_MESSAGES } from '../webhooks/webhook.messages';

/**
 * The messages commands and rules answer with (rules, validation, imports, commands) in one
 * catalog: the web app translates rejections from it, and the REST API's problem details carry
 * the same texts in the caller's language, so neither copies them.
 */
export const DOMAIN_MESSAGE_CATALOG: MessageCatalog = {
  ...validationMessages,
  ...RULES_MESSAGES,
  ...importMessages,
  ...COMMAND_MESSAGES,
  ...API_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...OPERATIONS_MESSAGES,
};
