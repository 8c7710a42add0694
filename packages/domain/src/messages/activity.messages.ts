import { defineMessages } from './message';

/**
 * The sentences of the activity stream, one per verb and kind of object (entities/
 * activity-sentence.ts picks the key). `{actor}` is the actor's name and `{object}` the
 * activity's object; the web app renders the object as a link, so both stay placeholders.
 */
export const ACTIVITY_MESSAGES = defineMessages({
  // Audits (audit.commands.ts)
  'activity.audit.created': {
    de: '{actor} hat das Audit {object} angelegt',
    en: '{actor} created the audit {object}',
  },
  'activity.audit.updated': {
    de: '{actor} hat das Audit {object} geändert',
    en: '{actor} changed the audit {object}',
  },
  'activity.audit.deleted': {
    de: '{actor} hat das Audit {object} gelöscht',
    en: '{actor} deleted the audit {object}',
  },
  'activity.audit.protected': {
    de: '{actor} hat das Audit {object} geschützt',
    en: '{actor} protected the audit {object}',
  },
  'activity.audit.unprotected': {
    de: '{actor} hat den Schutz des Audits {object} aufgehoben',
    en: '{actor} removed the protection of the audit {object}',
  },
  'activity.audit.reportSent': {
    de: '{actor} hat den Bericht versandt: {object}',
    en: '{actor} sent the report: {object}',
  },
  'activity.audit.statusChanged': {
    de: '{actor} hat den Auditstatus geändert: {object}',
    en: '{actor} changed the audit status: {object}',
  },
  'activity.audit.importedAudits': {
    de: '{actor} hat {object} Audits importiert',
    en: '{actor} imported {object} audits',
  },
  'activity.audit.importedOneAudit': {
    de: '{actor} hat {object} Audit importiert',
    en: '{actor} imported {object} audit',
  },
  'activity.audit.importedAuditItems': {
    de: '{actor} hat Fragen in das Audit {object} importiert',
    en: '{actor} imported questions into the audit {object}',
  },
  // Questions of an audit (audit-item.commands.ts, finding.reactivate)
  'activity.question.created': {
    de: '{actor} hat die Frage {object} angelegt',
    en: '{actor} added the question {object}',
  },
  'activity.question.updated': {
    de: '{actor} hat die Frage {object} geändert',
    en: '{actor} changed the question {object}',
  },
  'activity.question.deleted': {
    de: '{actor} hat die Frage {object} gelöscht',
    en: '{actor} deleted the question {object}',
  },
  'activity.question.deactivated': {
    de: '{actor} hat die Frage {object} deaktiviert',
    en: '{actor} deactivated the question {object}',
  },
  'activity.question.reactivated': {
    de: '{actor} hat die Frage {object} reaktiviert',
    en: '{actor} reactivated the question {object}',
  },
  // Findings (finding.commands.ts): the object is the question
  'activity.finding.createdFinding': {
    de: '{actor} hat eine Feststellung zur Frage {object} erfasst',
    en: '{actor} recorded a finding on the question {object}',
  },
  'activity.finding.updatedFinding': {
    de: '{actor} hat eine Feststellung zur Frage {object} geändert',
    en: '{actor} changed a finding on the question {object}',
  },
  'activity.finding.deletedFinding': {
    de: '{actor} hat eine Feststellung zur Frage {object} gelöscht',
    en: '{actor} deleted a finding on the question {object}',
  },
  // Measures (measure.commands.ts)
  'activity.measure.createdMeasure': {
    de: '{actor} hat die Maßnahme {object} angelegt',
    en: '{actor} created the measure {object}',
  },
  'activity.measure.updatedMeasure': {
    de: '{actor} hat die Maßnahme {object} geändert',
    en: '{actor} changed the measure {object}',
  },
  'activity.measure.assignedMeasure': {
    de: '{actor} hat die Maßnahme {object} zugewiesen',
    en: '{actor} assigned the measure {object}',
  },
  'activity.measure.unassignedMeasure': {
    de: '{actor} hat die Zuweisung der Maßnahme {object} aufgehoben',
    en: '{actor} removed the assignment of the measure {object}',
  },
  'activity.measure.changedMeasureStatus': {
    de: '{actor} hat den Status der Maßnahme {object} geändert',
    en: '{actor} changed the status of the measure {object}',
  },
  'activity.measure.measureEffective': {
    de: '{actor} hat die Maßnahme {object} als wirksam bestätigt',
    en: '{actor} confirmed the measure {object} as effective',
  },
  'activity.measure.measureNotEffective': {
    de: '{actor} hat die Maßnahme {object} als nicht wirksam bewertet',
    en: '{actor} found the measure {object} not effective',
  },
  'activity.measure.deletedMeasure': {
    de: '{actor} hat die Maßnahme {object} gelöscht',
    en: '{actor} deleted the measure {object}',
  },
  // Templates (SPEC section 7: created and updated with an activity to /templates/{id})
  'activity.template.created': {
    de: '{actor} hat die Vorlage {object} angelegt',
    en: '{actor} created the template {object}',
  },
  'activity.template.updated': {
    de: '{actor} hat die Vorlage {object} geändert',
    en: '{actor} changed the template {object}',
  },
  'activity.template.deleted': {
    de: '{actor} hat die Vorlage {object} gelöscht',
    en: '{actor} deleted the template {object}',
  },
  'activity.template.createdTemplateItem': {
    de: '{actor} hat die Frage {object} in einer Vorlage angelegt',
    en: '{actor} added the question {object} to a template',
  },
  'activity.template.updatedTemplateItem': {
    de: '{actor} hat die Frage {object} in einer Vorlage geändert',
    en: '{actor} changed the question {object} of a template',
  },
  'activity.template.deletedTemplateItem': {
    de: '{actor} hat die Frage {object} aus einer Vorlage gelöscht',
    en: '{actor} deleted the question {object} from a template',
  },
  'activity.template.importedTemplateItems': {
    de: '{actor} hat Fragen in die Vorlage {object} importiert',
    en: '{actor} imported questions into the template {object}',
  },
  'activity.template.importedCatalogue': {
    de: '{actor} hat den Prozessaudit-Fragenkatalog in die Vorlage {object} importiert',
    en: '{actor} imported the process-audit catalogue into the template {object}',
  },
  'activity.audit.usedTemplate': {
    de: '{actor} hat das Audit {object} aus einer Vorlage vorbereitet',
    en: '{actor} prepared the audit {object} from a template',
  },
  'activity.audit.copiedAuditItems': {
    de: '{actor} hat die Fragen eines früheren Audits in das Audit {object} übernommen',
    en: '{actor} copied the questions of an earlier audit into the audit {object}',
  },
  // Standards, people, lists, configuration
  'activity.standard.imported': {
    de: '{actor} hat die Norm {object} importiert',
    en: '{actor} imported the standard {object}',
  },
  'activity.person.created': {
    de: '{actor} hat die Person {object} angelegt',
    en: '{actor} added the person {object}',
  },
  'activity.list.updated': {
    de: '{actor} hat die Liste {object} geändert',
    en: '{actor} changed the list {object}',
  },
  'activity.configuration.updated': {
    de: '{actor} hat die Konfiguration {object} geändert',
    en: '{actor} changed the configuration {object}',
  },
  /** A verb this version does not know (written by a newer server): still a readable line. */
  'activity.other': {
    de: '{actor}: {verb} {object}',
    en: '{actor}: {verb} {object}',
  },
});
