import { defineMessages } from '../messages/message';

/** Messages of the command layer: why the server (or the client, optimistically) refused a command. */
export const COMMAND_MESSAGES = defineMessages({
  'command.invalidArgs': {
    de: 'Ungültige Angaben für {command} im Feld „{field}“',
    en: 'Invalid input for {command} in field "{field}"',
  },
  'command.forbidden': {
    de: 'Sie haben keine Berechtigung für {command}',
    en: 'You are not allowed to do {command}',
  },
  'command.unknown': {
    de: 'Unbekannter Befehl {command}',
    en: 'Unknown command {command}',
  },
  'command.invalidResult': {
    de: 'Der Befehl {command} hat ein ungültiges Ergebnis geliefert',
    en: 'The command {command} produced an invalid result',
  },
  'command.noChanges': {
    de: 'Keine Änderungen gefunden',
    en: 'No changes found',
  },

  // Audit programme (audit.commands.ts, audit-item.commands.ts, standard.commands.ts)
  'audit.created': {
    de: 'Audit {name} angelegt',
    en: 'Audit {name} created',
  },
  'audit.deleted': {
    de: 'Audit {name} gelöscht',
    en: 'Audit {name} deleted',
  },
  'audit.reportDataSaved': {
    de: 'Berichtsdaten gespeichert',
    en: 'Report data saved',
  },
  'audit.completed': {
    de: 'Audit {name} abgeschlossen und geschützt',
    en: 'Audit {name} completed and protected',
  },
  'audit.noFinalStatus': {
    de: 'Der Audit-Workflow hat keinen Endstatus',
    en: 'The audit workflow has no final status',
  },
  'audit.idTaken': {
    de: 'Es gibt bereits ein Audit mit der ID {id}',
    en: 'An audit with the id {id} already exists',
  },
  'audit.statusUnknown': {
    de: 'Unbekannter Audit-Status {status}',
    en: 'Unknown audit status {status}',
  },
  'audit.imported': {
    de: '{count} Audits importiert, {skipped} übersprungen',
    en: '{count} audits imported, {skipped} skipped',
  },
  'auditItem.idTaken': {
    de: 'Es gibt bereits eine Auditfrage mit der ID {id}',
    en: 'An audit item with the id {id} already exists',
  },
  'auditItem.duplicateId': {
    de: 'Die ID {id} kommt mehrfach vor',
    en: 'The id {id} appears more than once',
  },
  'auditItem.notFound': {
    de: 'Die Auditfrage {id} gibt es nicht (mehr)',
    en: 'The audit item {id} does not exist (any more)',
  },
  'auditItem.wrongAudit': {
    de: 'Die Auditfrage {id} gehört zu einem anderen Audit',
    en: 'The audit item {id} belongs to another audit',
  },
  'auditItem.deleted': {
    de: 'Auditfrage gelöscht',
    en: 'Audit item deleted',
  },
  'auditItem.imported': {
    de: '{count} Auditfragen importiert',
    en: '{count} audit items imported',
  },
  // Templates (template.commands.ts, template-item.commands.ts, audit-copy.commands.ts; issue 14)
  'template.created': {
    de: 'Vorlage {name} angelegt',
    en: 'Template {name} created',
  },
  'template.updated': {
    de: 'Vorlage {name} gespeichert',
    en: 'Template {name} saved',
  },
  'template.deleted': {
    de: 'Vorlage {name} gelöscht',
    en: 'Template {name} deleted',
  },
  'template.idTaken': {
    de: 'Es gibt bereits eine Vorlage mit der ID {id}',
    en: 'A template with the id {id} already exists',
  },
  'template.notFound': {
    de: 'Die Vorlage {id} gibt es nicht (mehr)',
    en: 'The template {id} does not exist (any more)',
  },
  'templateItem.created': {
    de: 'Frage der Vorlage angelegt',
    en: 'Template question created',
  },
  'templateItem.updated': {
    de: 'Frage der Vorlage gespeichert',
    en: 'Template question saved',
  },
  'templateItem.deleted': {
    de: 'Frage der Vorlage gelöscht',
    en: 'Template question deleted',
  },
  'templateItem.imported': {
    de: '{count} Fragen in die Vorlage importiert',
    en: '{count} questions imported into the template',
  },
  'templateItem.idTaken': {
    de: 'Es gibt bereits eine Frage einer Vorlage mit der ID {id}',
    en: 'A template question with the id {id} already exists',
  },
  'templateItem.duplicateId': {
    de: 'Die ID {id} kommt mehrfach vor',
    en: 'The id {id} appears more than once',
  },
  'templateItem.notFound': {
    de: 'Die Frage {id} gibt es in der Vorlage nicht (mehr)',
    en: 'The question {id} is not (or no longer) in the template',
  },
  'templateItem.wrongTemplate': {
    de: 'Die Frage {id} gehört zu einer anderen Vorlage',
    en: 'The question {id} belongs to another template',
  },
  'audit.templateUsed': {
    de: '{count} Fragen aus der Vorlage {template} übernommen, {unmappable} Kapitel nicht zuordenbar',
    en: '{count} questions taken from the template {template}, {unmappable} chapters unmappable',
  },
  'audit.itemsCopied': {
    de: '{count} Fragen aus dem früheren Audit übernommen, {unmappable} Kapitel nicht zuordenbar',
    en: '{count} questions taken from the earlier audit, {unmappable} chapters unmappable',
  },
  'audit.standardChanged': {
    de: 'Die Norm des Audits wurde inzwischen geändert. Bitte wählen Sie die Fragen erneut.',
    en: 'The standard of the audit has changed meanwhile. Please choose the questions again.',
  },
  'audit.copyFromItself': {
    de: 'Ein Audit kann nicht aus sich selbst vorbereitet werden',
    en: 'An audit cannot be prepared from itself',
  },
  // Measures (measure.commands.ts)
  'measure.created': { de: 'Maßnahme angelegt', en: 'Measure created' },
  'measure.updated': { de: 'Maßnahme gespeichert', en: 'Measure saved' },
  'measure.assigned': { de: 'Zuweisung gespeichert', en: 'Assignment saved' },
  'measure.statusChanged': { de: 'Status der Maßnahme geändert', en: 'Measure status changed' },
  'measure.effective': {
    de: 'Wirksamkeit bestätigt: die Maßnahme ist wirksam',
    en: 'Effectiveness confirmed: the measure is effective',
  },
  'measure.notEffective': {
    de: 'Nicht wirksam: die Maßnahme ist wieder in Bearbeitung',
    en: 'Not effective: the measure is back in progress',
  },
  'measure.deleted': { de: 'Maßnahme gelöscht', en: 'Measure deleted' },
  'measure.idTaken': {
    de: 'Es gibt bereits eine Maßnahme mit der ID {id}',
    en: 'A measure with the id {id} already exists',
  },
  'measure.notFound': {
    de: 'Die Maßnahme {id} gibt es nicht (mehr)',
    en: 'The measure {id} does not exist (anymore)',
  },
  'measure.auditMismatch': {
    de: 'Die Maßnahme {id} gehört zu einem anderen Audit',
    en: 'The measure {id} belongs to another audit',
  },
  'measure.findingNotFound': {
    de: 'Die Feststellung dieser Maßnahme gibt es nicht (mehr)',
    en: 'The finding of this measure does not exist (anymore)',
  },
  'measure.unknownType': {
    de: 'Unbekannte Maßnahmenart {type}',
    en: 'Unknown measure type {type}',
  },
  'measure.unknownPriority': {
    de: 'Unbekannte Priorität {priority}',
    en: 'Unknown priority {priority}',
  },
  'measure.unknownPerson': {
    de: 'Unbekannte Person {id}',
    en: 'Unknown person {id}',
  },
  'measure.transitionNotAllowed': {
    de: 'Die Maßnahme kann nicht von Status {from} nach {to} wechseln',
    en: 'The measure cannot move from status {from} to {to}',
  },
  'measure.effectivenessCheckRequired': {
    de: 'Wirksam wird eine Maßnahme nur mit einer Wirksamkeitsprüfung',
    en: 'A measure becomes effective only through an effectiveness check',
  },
  'measure.notInEffectivenessCheck': {
    de: 'Die Maßnahme ist nicht in der Wirksamkeitsprüfung',
    en: 'The measure is not in its effectiveness check',
  },
  'favorite.tooMany': {
    de: 'Höchstens {max} Favoriten je Art',
    en: 'At most {max} favorites of a kind',
  },
  'permission.measureAssign': {
    de: 'Sie dürfen Maßnahmen nicht zuweisen',
    en: 'You are not allowed to assign measures',
  },

  // Findings (finding.commands.ts); the rules' own keys are in rules.messages.ts
  'finding.created': {
    de: 'Feststellung angelegt',
    en: 'Finding created',
  },
  'finding.updated': {
    de: 'Feststellung gespeichert',
    en: 'Finding saved',
  },
  'finding.deleted': {
    de: 'Feststellung gelöscht',
    en: 'Finding deleted',
  },
  'finding.mediaIdTaken': {
    de: 'Die Feststellung hat bereits eine andere Datei mit der ID {id}',
    en: 'The finding already has another file with the id {id}',
  },
  'finding.mediaSourceRequired': {
    de: 'Eine Datei braucht eine Datei-ID oder einen Link',
    en: 'A file needs a file id or a link',
  },
  'finding.mediaUrlInvalid': {
    de: 'Der Link muss mit / oder http(s):// beginnen',
    en: 'The link must start with / or http(s)://',
  },
  'finding.mediaCapturedByOther': {
    de: 'Eine Aufnahme kann nur der Person zugeschrieben werden, die sie speichert',
    en: 'A capture can only be attributed to the person who saves it',
  },
  'standard.imported': {
    de: 'Norm {name} importiert',
    en: 'Standard {name} imported',
  },

  // People directory (person.commands.ts)
  'person.created': {
    de: 'Person {name} angelegt',
    en: 'Person {name} created',
  },
  'person.idTaken': {
    de: 'Es gibt bereits eine Person mit der ID {id}',
    en: 'A person with the id {id} already exists',
  },
  'person.emailTaken': {
    de: 'Es gibt bereits eine Person mit der E-Mail-Adresse {email}',
    en: 'A person with the e-mail {email} already exists',
  },

  'sync.unknownCollection': {
    de: 'Unbekannte Sammlung {collection}',
    en: 'Unknown collection {collection}',
  },
  'sync.documentInvalid': {
    de: 'Das Ergebnis von {command} ist für {collection}/{id} ungültig',
    en: 'The result of {command} is invalid for {collection}/{id}',
  },
  'sync.internal': {
    de: 'Der Server konnte die Änderung nicht speichern. Bitte versuchen Sie es später erneut.',
    en: 'The server could not save the change. Please try again later.',
  },
});
