export * from './roles';
export * from './person';
export * from './client-config';
export * from './account';
export * from './sign-in-errors';
export * from './ids';
export * from './limits';
export * from './messages/message';
export * from './messages/domain-catalog';
export * from './config/configured-types';
export * from './workflow/workflow.schema';
export * from './audit/audit-item.schema';
export * from './audit/template-item.schema';
export * from './audit/chapter-remap';
// Model: entities, configuration, catalogue
export * from './messages/validation.messages';
export * from './entities/validation-issue';
export * from './entities/attachment.schema';
export * from './entities/audit.schema';
export * from './entities/audit-supplier';
export * from './entities/audit-defaults';
export * from './entities/audit-update';
export * from './entities/measure.schema';
export * from './entities/measure-checker';
export * from './entities/favorites.schema';
export * from './entities/activity.schema';
export * from './entities/activity-object';
export * from './entities/activity-sentence';
export * from './messages/activity.messages';
export * from './entities/role.schema';
export * from './company/company-metadata.schema';
export * from './company/company-totals';
export * from './config/localized-text.schema';
export * from './config/app.config';
export * from './config/app.defaults';
export * from './config/scopes.config';
export * from './config/template.config';
export * from './config/audit.config';
export * from './config/audititem.config';
export * from './config/finding.config';
export * from './config/finding-config-upgrade';
export * from './config/measure.config';
export * from './config/user.config';
export * from './config/workflow.config';
export * from './config/categories.config';
export * from './config/lists.config';
export * from './config/configuration';
export * from './config/default-standards';
export * from './config/planning-years';
export * from './config/list-config';
export * from './catalogue/process-audit-catalogue.schema';
export * from './catalogue/process-audit-catalogue.data';
export * from './catalogue/process-audit-catalogue';
export * from './catalogue/catalogue-import';
// Rules: workflows, item states, scoring, QK, sorting, permissions
export * from './config/default-types';
export * from './workflow/default-workflows';
export * from './workflow/workflow';
export * from './workflow/audit-workflow';
export * from './workflow/measure-filters';
export * from './workflow/measure-reminders';
export * from './workflow/dashboard';
export * from './messages/reminder.messages';
export * from './messages/report-mail.messages';
export * from './report/report-mail';
export * from './report/report-recipients';
export * from './audit/finding-rules';
export * from './audit/audit-item-state';
export * from './audit/answered-rules';
export * from './scoring/scoring';
export * from './scoring/finding-scale';
export * from './scoring/qk';
export * from './scoring/comparison';
export * from './scoring/trend';
export * from './scoring/comparability';
export * from './vda/vda-rules';
export * from './vda/vda-grade';
export * from './vda/vda-follow-up';
export * from './vda/vda-comparison';
export * from './sorting/sort-keys';
export * from './permissions/permissions';
export * from './messages/rules.messages';
// Imports and validators
export * from './messages/imports.messages';
export * from './entities/standard.schema';
export * from './entities/autocompletion.schema';
export * from './entities/report-data.schema';
export type { ImportIssue, ImportReport } from './imports/import-report';
export * from './imports/audit-item-csv.parser';
export * from './imports/standard.parser';
export * from './imports/people.parser';
export * from './imports/audit.parser';
export { decodeLatin1Csv } from './imports/text-decoding';
export { formatSemicolonCsv } from './imports/semicolon-csv.writer';
export * from './validation/email';
export * from './validation/attachment-file';
export * from './files/attachment-rules';
export * from './files/file-owner';
export * from './files/file-access';
export * from './files/file-upload-limits';
// Commands: definition, registry, the product's commands
export * from './commands/define-command';
export * from './commands/command-registry';
export * from './commands/commands.messages';
export * from './commands/configuration.commands';
export * from './commands/autocompletion.commands';
export {
  AUDITS_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  STANDARDS_COLLECTION,
  MAX_DOCUMENTS_PER_COMMAND,
  AUDIT_TEAM_CHANGE_ACTION,
  auditPermissionContext,
} from './commands/audit-access';
export * from './commands/standard.commands';
export * from './commands/audit.commands';
export * from './commands/audit-item.commands';
export {
  itemQuestionInputSchema,
  itemInputSchema,
  itemChangesSchema,
  type ItemInput,
  type ItemChanges,
} from './commands/item-command-parts';
export {
  TEMPLATES_COLLECTION,
  TEMPLATE_ITEMS_COLLECTION,
  templateUrl,
  templatePreparationUrl,
} from './commands/template-access';
export * from './commands/template.commands';
export * from './commands/template-item.commands';
export * from './commands/audit-copy.commands';
export * from './commands/finding.commands';
export * from './commands/person.commands';
export * from './people/index';
export * from './commands/measure.commands';
export * from './commands/favorite.commands';
export * from './commands/activity.commands';
export * from './commands/vda.commands';
export * from './commands/command-names';
export * from './vda/vda-audit';
export * from './commands/commands';
export * from './sync/collections';
export * from './sync/indexed-fields';
export * from './api/api-token.schema';
export * from './api/api.messages';
// Webhooks (issue 16)
export * from './webhooks/webhook-events';
export * from './webhooks/webhook.schema';
export * from './webhooks/webhook.messages';
export * from './operations/operations.messages';
