import { defineMessages } from './message';

/** Messages of the rules area: workflows, audit item states, findings, scoring, QK, permissions. */
export const RULES_MESSAGES = defineMessages({
  'workflow.invalid': {
    de: 'Ungültiger Workflow für {component}',
    en: 'Invalid workflow for {component}',
  },
  'workflow.step.release': { de: 'Audit freigeben', en: 'Release audit' },
  'workflow.step.finishPreparation': {
    de: 'Vorbereitung abschließen',
    en: 'Finish preparation',
  },
  'workflow.step.finishExecution': { de: 'Durchführung abschließen', en: 'Finish execution' },
  'workflow.step.finishWrapUp': { de: 'Nachbereitung abschließen', en: 'Finish wrap-up' },
  'workflow.step.finishAudit': {
    de: 'Audit abschließen und Bericht versenden',
    en: 'Finish audit and send report',
  },
  'measure.filter.open': { de: 'Offen', en: 'Open' },
  'measure.filter.completed': { de: 'Abgeschlossen', en: 'Completed' },
  'measure.filter.unassigned': { de: 'Nicht zugewiesen', en: 'Unassigned' },
  'finding.unknownType': { de: 'Unbekannter Feststellungstyp', en: 'Unknown finding type' },
  'finding.placeholder': { de: 'Das ist ein Platzhalter', en: 'This is a placeholder' },
  'finding.alreadyExists': {
    de: 'Die Feststellung {id} existiert bereits',
    en: 'Finding {id} already exists',
  },
  'finding.notFound': {
    de: 'Die Feststellung {id} existiert nicht',
    en: 'Finding {id} does not exist',
  },
  'finding.invalid': { de: 'Die Feststellung ist ungültig', en: 'The finding is invalid' },
  'auditItem.confirmDiscardFindings': {
    de: 'Alle anderen Feststellungen und Maßnahmen, welche dieser Frage zugeordnet sind, werden verworfen. Wollen Sie die Frage abschließen?',
    en: 'All other findings and measures assigned to this question will be discarded. Do you want to close the question?',
  },
  'auditItem.notReactivatable': {
    de: 'Nur deaktivierte oder abgeschlossene Fragen können reaktiviert werden',
    en: 'Only deactivated or completed questions can be reactivated',
  },
  'scoring.noCategory': { de: 'Keine Kategorie', en: 'No category' },
  'qk.invalidValue': {
    de: 'Kein gültiger QK-Wert berechenbar',
    en: 'Unable to calculate valid QK value',
  },
  'qk.table.notAscending': {
    de: 'Die Schwellen der QK-Tabelle müssen aufsteigen, und die Basiswerte dürfen nicht fallen',
    en: 'The thresholds of the QK table must rise, and the base values must not fall',
  },
  'qk.table.thresholdRange': {
    de: 'Die Schwellen der QK-Tabelle sind ganze Zahlen von 5 bis 9999; die letzte ist 9999',
    en: 'The thresholds of the QK table are whole numbers from 5 to 9999; the last one is 9999',
  },
  'qk.table.baseRange': {
    de: 'Die Basiswerte der QK-Tabelle liegen zwischen 10 und 120',
    en: 'The base values of the QK table lie between 10 and 120',
  },
  'roles.duplicate': {
    de: 'Eine Rolle ist mehrfach angegeben',
    en: 'A role is listed more than once',
  },
  'permission.denied': {
    de: 'Dafür fehlt Ihnen die Berechtigung',
    en: 'You are not allowed to do this',
  },
  'permission.auditTeamChange': {
    de: 'Lead-Auditor und Auditteam ändern dürfen nur der Lead-Auditor, QM und Administratoren',
    en: 'Only the lead auditor, quality managers and administrators may change the lead auditor or the audit team',
  },
  'permission.completedAuditUnprotect': {
    de: 'Ein abgeschlossenes Audit können nur QM und Administratoren wieder öffnen',
    en: 'Only quality managers and administrators can reopen a completed audit',
  },
  'permission.auditProtected': {
    de: 'Das Audit ist geschützt und kann nicht geändert werden',
    en: 'The audit is protected and cannot be changed',
  },
  'reportMail.recipientsRequired': {
    de: 'Wählen Sie mindestens eine Person, an die der Bericht gehen soll',
    en: 'Choose at least one person to send the report to',
  },
  'reportMail.tooManyRecipients': {
    de: 'Der Bericht kann an höchstens {max} Personen auf einmal gehen',
    en: 'The report can go to at most {max} people at once',
  },
  'reportMail.requestInvalid': {
    de: 'Die Angaben zum Versand des Berichts sind ungültig',
    en: 'The details for sending the report are invalid',
  },
  'reportMail.recipientUnknown': {
    de: 'Die Person {id} ist nicht bekannt',
    en: 'The person {id} is not known',
  },
  'reportMail.recipientNoEmail': {
    de: '{name} hat keine E-Mail-Adresse',
    en: '{name} has no e-mail address',
  },
  'reportMail.notPdf': {
    de: 'Die Datei ist kein PDF-Bericht',
    en: 'The file is not a PDF report',
  },
  'reportMail.tooLarge': {
    de: 'Der Bericht ist größer als {maxMiB} MB und kann nicht versandt werden',
    en: 'The report is larger than {maxMiB} MB and cannot be sent',
  },
  'reportMail.rateLimited': {
    de: 'Zu viele Berichte versandt; bitte in {minutes} Minuten erneut versuchen',
    en: 'Too many reports sent; please try again in {minutes} minutes',
  },
  'reportMail.auditNotFound': {
    de: 'Das Audit {auditId} gibt es auf dem Server nicht',
    en: 'The audit {auditId} does not exist on the server',
  },
  'reportMail.sendFailed': {
    de: 'Die E-Mail an {name} konnte nicht versandt werden ({sent} bereits versandt)',
    en: 'The e-mail to {name} could not be sent ({sent} sent already)',
  },
  'vda.stepDuplicate': {
    de: 'Jeder Prozessschritt darf nur einmal vorkommen',
    en: 'Each process step may appear only once',
  },
  'vda.notVdaAudit': {
    de: 'Dieses Audit wird nicht nach VDA 6.3 bewertet',
    en: 'This audit is not evaluated by VDA 6.3',
  },
  'vda.keyUnknown': {
    de: 'Diese Frage wird nicht unter „{key}“ bewertet',
    en: 'This question is not evaluated under "{key}"',
  },
  'vda.reasonRequired': {
    de: '„Nicht bewertet“ braucht eine Begründung',
    en: '"Not evaluated" needs a reason',
  },
  'vda.pointsInvalid': {
    de: '{points} Punkte sind keine Bewertung; möglich sind {allowed}',
    en: '{points} points is not an evaluation; possible are {allowed}',
  },
  'vda.findingRequired': {
    de: 'Unter 10 Punkten braucht Frage {no} eine Feststellung, die die Bewertung belegt',
    en: 'Below 10 points, question {no} needs a finding that documents the evaluation',
  },
  'vda.completeNotValid': {
    de: 'Die VDA-Bewertung ist nicht gültig: {missing}. Abschließen nur mit Bestätigung.',
    en: 'The VDA grade is not valid: {missing}. Completing needs a confirmation.',
  },
  'vda.downgrade.element': {
    de: 'Abgestuft von {from} auf {to}: Prozesselement {level} mit {percent} % unter {below} %',
    en: 'Downgraded from {from} to {to}: process element {level} at {percent} % is below {below} %',
  },
  'vda.downgrade.subElement': {
    de: 'Abgestuft von {from} auf {to}: Unterelement {level} mit {percent} % unter {below} %',
    en: 'Downgraded from {from} to {to}: sub-element {level} at {percent} % is below {below} %',
  },
  'vda.downgrade.step': {
    de: 'Abgestuft von {from} auf {to}: Prozessschritt {level} mit {percent} % unter {below} %',
    en: 'Downgraded from {from} to {to}: process step {level} at {percent} % is below {below} %',
  },
  'vda.downgrade.question': {
    de: 'Abgestuft von {from} auf {to}: Frage {no} mit {points} Punkten bewertet',
    en: 'Downgraded from {from} to {to}: question {no} evaluated with {points} points',
  },
  'vda.downgrade.questionInStep': {
    de: 'Abgestuft von {from} auf {to}: Frage {no} im Prozessschritt {step} mit {points} Punkten bewertet',
    en: 'Downgraded from {from} to {to}: question {no} evaluated with {points} points in process step {step}',
  },
  'vda.missing.nothingEvaluated': {
    de: 'Noch keine Frage bewertet',
    en: 'No question evaluated yet',
  },
  'vda.missing.element': {
    de: 'Prozesselement {level}: {evaluated} von {total} Fragen bewertet, mindestens {needed} nötig',
    en: 'Process element {level}: {evaluated} of {total} questions evaluated, at least {needed} needed',
  },
  'vda.missing.subElement': {
    de: 'Unterelement {level}: {evaluated} von {total} Fragen bewertet, mindestens {needed} nötig',
    en: 'Sub-element {level}: {evaluated} of {total} questions evaluated, at least {needed} needed',
  },
  'vda.missing.step': {
    de: 'Prozessschritt {level}: {evaluated} von {total} Fragen bewertet, mindestens {needed} nötig',
    en: 'Process step {level}: {evaluated} of {total} questions evaluated, at least {needed} needed',
  },
  'vda.missing.undocumented': {
    de: 'Frage {no} ist unter 10 Punkten bewertet, ohne Feststellung',
    en: 'Question {no} is evaluated below 10 points without a finding',
  },
  // People and account (issue 15): the people endpoints answer with these codes and keys.
  'people.lastAdmin': {
    de: 'Es muss immer mindestens einen aktiven Administrator geben',
    en: 'There must always be at least one active administrator',
  },
  'people.emailImmutable': {
    de: 'Die E-Mail-Adresse kann nicht mehr geändert werden, sobald sie gesetzt ist',
    en: 'The e-mail address cannot be changed once it is set',
  },
  'people.rolesNeedLogin': {
    de: 'Rollen können nur Personen mit Anmeldung erhalten',
    en: 'Only people with a login can be given roles',
  },
  'people.emailTaken': {
    de: 'Eine Person mit dieser E-Mail-Adresse existiert bereits',
    en: 'A person with this e-mail address exists already',
  },
  'people.hasLogin': {
    de: 'Diese Person hat bereits eine aktive Anmeldung',
    en: 'This person already has an active login',
  },
  'people.self': {
    de: 'Sie können sich nicht selbst deaktivieren oder löschen',
    en: 'You cannot deactivate or delete yourself',
  },
  'people.notFound': { de: 'Die Person existiert nicht', en: 'The person does not exist' },
  'people.deleted': { de: 'Benutzer gelöscht', en: 'User deleted' },
  'people.deactivated': {
    de: 'Benutzer deaktiviert: er ist in Audits oder Maßnahmen genannt und bleibt als Name erhalten',
    en: 'User deactivated: they are named in audits or measures and stay as a name',
  },
  'people.setPasswordMailSent': {
    de: 'Eine E-Mail zum Setzen des Passworts wurde versandt',
    en: 'An e-mail to set the password was sent',
  },
  'people.signedOut': {
    de: 'Alle Sitzungen beendet ({count})',
    en: 'All sessions ended ({count})',
  },
  'people.offline': {
    de: 'Personen verwalten geht nur mit Verbindung zum Server',
    en: 'Managing people needs a connection to the server',
  },
  'account.invalidPassword': {
    de: 'Das aktuelle Passwort ist falsch',
    en: 'The current password is wrong',
  },
  'account.passwordTooShort': {
    de: 'Das Passwort muss mindestens {min} Zeichen haben',
    en: 'The password must have at least {min} characters',
  },
  'account.passwordTooLong': {
    de: 'Das Passwort darf höchstens {max} Zeichen haben',
    en: 'The password must have at most {max} characters',
  },
  'account.passwordChanged': {
    de: 'Passwort geändert',
    en: 'Password changed',
  },
  'account.sessionNotFound': {
    de: 'Diese Sitzung existiert nicht (mehr)',
    en: 'This session does not exist (any more)',
  },
  'settings.planningYearNotShown': {
    de: 'Das Auditprogramm zeigt das Jahr {year} nicht: Wählen Sie ein Jahr von {from} bis {to}',
    en: 'The audit programme does not show the year {year}: choose a year from {from} to {to}',
  },
});

export type RulesMessageKey = keyof typeof RULES_MESSAGES;
