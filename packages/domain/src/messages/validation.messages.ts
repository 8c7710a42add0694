import { defineMessages } from './message';

/**
 * Texts of the entity validations, confirmations and status lines (SPEC sections 5 and 8) that
 * are not about imports, workflows, scoring or findings. Schemas carry these keys as their zod
 * error messages; the spec's typos ("successfull") are fixed in both languages. The person
 * picker texts ('Name is required', 'E-mail must be valid') and 'Feld darf nicht leer sein'
 * live in imports.messages.ts (`person.*`, `import.fieldRequired`), so they are not repeated.
 */
export const validationMessages = defineMessages({
  // Field validation
  'validation.required': { de: 'Eingabe erforderlich', en: 'Item is required' },
  'validation.maxLength': { de: 'Maximal {max} Zeichen', en: 'Max {max} characters' },
  'validation.minLength': { de: 'Mindestens {min} Zeichen', en: 'At least {min} characters' },
  'validation.maxItems': { de: 'Höchstens {max} Einträge', en: 'At most {max} entries' },
  'validation.invalid': { de: 'Ungültiger Wert', en: 'Invalid value' },
  'validation.id': {
    de: 'Ungültige ID: nur Buchstaben A-Z und a-z, Ziffern, „-“ und „_“',
    en: 'Invalid id: only letters A-Z and a-z, digits, "-" and "_"',
  },
  'validation.date': {
    de: 'Datum im Format JJJJ-MM-TT erwartet',
    en: 'Date expected as YYYY-MM-DD',
  },
  'validation.year': { de: 'Jahr (JJJJ) erwartet', en: 'Year (YYYY) expected' },
  'validation.nonNegativeNumber': {
    de: 'Eine Zahl von 0 oder mehr erwartet',
    en: 'A number of 0 or more expected',
  },
  'validation.wholeNumber': { de: 'Eine ganze Zahl erwartet', en: 'A whole number expected' },
  'validation.invalidJson': {
    de: 'Dieses Feld erfordert eine gültige JSON-Eingabe',
    en: 'This field requires valid JSON input',
  },
  'audit.dateOutsidePlanningYear': {
    de: 'Das Datum muss im Planungsjahr {year} liegen',
    en: 'The date must lie in the planning year {year}',
  },
  'audit.noAuditActive': {
    de: 'Kein Audit geöffnet (no-audit-active)',
    en: 'No audit is open (no-audit-active)',
  },
  'config.unknownSegment': {
    de: 'Unbekannter Konfigurationsbereich {segment}',
    en: 'Unknown configuration segment {segment}',
  },
  'config.defaultNotListed': {
    de: 'Der Standardwert {value} fehlt in der Liste',
    en: 'The default {value} is missing from the list',
  },
  'config.duplicateId': {
    de: 'Die ID {value} kommt mehrfach vor',
    en: 'The id {value} occurs more than once',
  },
  'config.finding.fulfilmentRange': {
    de: 'Der Erfüllungsgrad ist eine Zahl von 0 bis 100',
    en: 'The degree of fulfilment is a number from 0 to 100',
  },
  'config.finding.fulfilmentOrder': {
    de: 'Die Befundart {value} wiegt schwerer als {other}, darf also keinen höheren Erfüllungsgrad haben',
    en: 'The finding type {value} is more severe than {other}, so its degree of fulfilment must not be higher',
  },

  // Confirmations
  'confirm.deleteMeasure': {
    de: 'Möchten Sie diese Maßnahme wirklich löschen?',
    en: 'Are you sure you want to delete this measure?',
  },
  'confirm.deleteAuditItem': {
    de: 'Möchten Sie diese Auditfrage wirklich löschen?',
    en: 'Are you sure you want to delete this audit item?',
  },
  'confirm.deleteItem': {
    de: 'Möchten Sie diesen Eintrag wirklich löschen?',
    en: 'Are you sure you want to delete this item?',
  },
  'confirm.showAll': {
    de: 'Das Anzeigen aller Einträge kann lange dauern. Fortfahren?',
    en: 'Showing all entries can take a long time. Continue?',
  },

  // Status lines (SPEC section 8)
  'audit.companyDataUpdated': {
    de: 'Unternehmensdaten gespeichert',
    en: 'Company data saved',
  },
  'audit.unknownInspectionType': {
    de: 'Unbekannte Art der Prüfung: {value}',
    en: 'Unknown type of inspection: {value}',
  },
  'success.auditUpdated': {
    de: 'Audit erfolgreich aktualisiert',
    en: 'Audit updated successfully',
  },
  'success.auditItemCreated': {
    de: 'Auditfrage erfolgreich angelegt',
    en: 'Audit item successfully created',
  },
  'success.auditItemUpdated': {
    de: 'Auditfrage erfolgreich aktualisiert',
    en: 'Audit item update successful',
  },
  'success.userCreated': {
    de: 'Benutzer erfolgreich angelegt',
    en: 'User creation successful',
  },
  'success.userUpdated': {
    de: 'Benutzer erfolgreich aktualisiert',
    en: 'User update successful',
  },
  'upload.succeeded': {
    de: 'Hochladen erfolgreich: {fileName}',
    en: 'Upload successful: {fileName}',
  },
  'upload.failed': {
    de: 'Hochladen fehlgeschlagen: {fileName}',
    en: 'Upload failed: {fileName}',
  },
  'error.backend': { de: 'Fehler: {message}', en: 'Error: {message}' },
  'error.backendWithCode': {
    de: 'Fehler: {message} ({code})',
    en: 'Error: {message} ({code})',
  },
  'error.documentNotFound': {
    de: '404 Dokument nicht gefunden',
    en: '404 Document not found',
  },
  'error.chunkLoadFailed': {
    de: 'Laden eines Programmteils fehlgeschlagen ({type}: {request})',
    en: 'Loading chunk failed ({type}: {request})',
  },
  'app.offline': { de: 'Die Anwendung ist offline.', en: 'The application is offline.' },
  'app.online': {
    de: 'Die Anwendung ist wieder online.',
    en: 'The application is online again.',
  },
  // The spec quotes '… Bitte gehen Sie wieder Online.'; "online" is an adverb here, so lower case
  // (as in 'Die Anwendung ist wieder online.').
  'app.unloadWhileOffline': {
    de: 'Ihre Änderungen werden eventuell nicht gespeichert. Bitte gehen Sie wieder online.',
    en: 'Your changes may not be saved. Please go online again.',
  },

  // Fallback labels
  'user.refUnresolved': {
    de: 'Benutzerverweis ({id}) nicht auflösbar',
    en: 'UserRef ({id}) unresolved',
  },
  'user.refFallback': { de: 'Benutzer: {id}', en: 'User: {id}' },
  'measure.auditMissing': {
    de: 'Audit nicht mehr vorhanden',
    en: 'Audit not present anymore',
  },
  'measure.loadFailed': {
    de: 'Maßnahme {id} konnte nicht geladen werden',
    en: 'Measure {id} could not be loaded',
  },
  'list.noData': { de: 'Keine Daten', en: 'No data' },
});

export type ValidationMessageKey = keyof typeof validationMessages;
