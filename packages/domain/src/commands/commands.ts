import { markActivitiesReadCommand } from './activity.commands';
import { evaluateAuditItemCommand } from './vda.commands';
import {
  changeAuditStatusCommand,
  completeAuditCommand,
  createAuditCommand,
  deleteAuditCommand,
  importAuditsCommand,
  protectAuditCommand,
  unprotectAuditCommand,
  updateAuditCommand,
  updateCompanyMetadataCommand,
  updateReportDataCommand,
} from './audit.commands';
import {
  createAuditItemCommand,
  deactivateAuditItemCommand,
  deleteAuditItemCommand,
  importAuditItemsCommand,
  reactivateAuditItemCommand,
  updateAuditItemCommand,
} from './audit-item.commands';
import { saveAutocompletionCommand } from './autocompletion.commands';
import { createCommandRegistry } from './command-registry';
import { setFavoriteCommand } from './favorite.commands';
import { updateConfigurationCommand } from './configuration.commands';
import {
  attachFindingMediaCommand,
  createFindingCommand,
  deleteFindingCommand,
  reactivateFindingCommand,
  removeFindingMediaCommand,
  updateFindingCommand,
} from './finding.commands';
import {
  assignMeasureCommand,
  changeMeasureStatusCommand,
  checkMeasureEffectivenessCommand,
  createMeasureCommand,
  deleteMeasureCommand,
  updateMeasureCommand,
} from './measure.commands';
import { createInactivePersonCommand } from './person.commands';
import { importStandardCommand } from './standard.commands';
import { copyAuditItemsCommand, useTemplateCommand } from './audit-copy.commands';
import {
  createTemplateCommand,
  deleteTemplateCommand,
  updateTemplateCommand,
} from './template.commands';
import {
  createTemplateItemCommand,
  deleteTemplateItemCommand,
  importTemplateItemsCommand,
  updateTemplateItemCommand,
} from './template-item.commands';

/** Every command of the product; the server and the web client build their registry from it. */
export const DOMAIN_COMMANDS = [
  updateConfigurationCommand,
  saveAutocompletionCommand,
  importStandardCommand,
  createAuditCommand,
  updateAuditCommand,
  updateCompanyMetadataCommand,
  deleteAuditCommand,
  protectAuditCommand,
  unprotectAuditCommand,
  changeAuditStatusCommand,
  completeAuditCommand,
  updateReportDataCommand,
  importAuditsCommand,
  createAuditItemCommand,
  updateAuditItemCommand,
  deleteAuditItemCommand,
  deactivateAuditItemCommand,
  reactivateAuditItemCommand,
  importAuditItemsCommand,
  evaluateAuditItemCommand,
  useTemplateCommand,
  copyAuditItemsCommand,
  createTemplateCommand,
  updateTemplateCommand,
  deleteTemplateCommand,
  createTemplateItemCommand,
  updateTemplateItemCommand,
  deleteTemplateItemCommand,
  importTemplateItemsCommand,
  createFindingCommand,
  updateFindingCommand,
  deleteFindingCommand,
  reactivateFindingCommand,
  attachFindingMediaCommand,
  removeFindingMediaCommand,
  createInactivePersonCommand,
  createMeasureCommand,
  updateMeasureCommand,
  assignMeasureCommand,
  changeMeasureStatusCommand,
  checkMeasureEffectivenessCommand,
  deleteMeasureCommand,
  markActivitiesReadCommand,
  setFavoriteCommand,
] as const;

export const domainCommandRegistry = createCommandRegistry(DOMAIN_COMMANDS);
