import { defineMessages } from './message';

/**
 * Texts of the import parsers and the small validators (standards, autocompletion lists,
 * people, audits, e-mail, attachments). The spec quotes most of them in one language only
 * (some with typos, e.g. "digiest"); both languages are given here in correct wording.
 */
export const importMessages = defineMessages({
  // Generic import reports
  'import.json.invalid': {
    de: 'Ungültiges JSON: {reason}',
    en: 'Invalid JSON: {reason}',
  },
  'import.csv.empty': {
    de: 'Die CSV-Datei ist leer',
    en: 'The CSV file is empty',
  },
  'import.csv.headerMissing': {
    de: 'Kopfzeile fehlt oder enthält die Spalte „{column}“ nicht',
    en: 'Header row missing or without the column "{column}"',
  },
  'import.csv.unknownColumn': {
    de: 'Unbekannte Spalte „{column}“ wird ignoriert',
    en: 'Unknown column "{column}" is ignored',
  },
  'import.csv.unterminatedQuote': {
    de: 'Zeile {row}: Anführungszeichen nicht geschlossen, Zeile ignoriert',
    en: 'Row {row}: unterminated quote, row ignored',
  },
  'import.csv.invalidRow': {
    de: 'Ungültige CSV-Zeile ignoriert (Zeile {row})',
    en: 'Invalid CSV Row ignored (row {row})',
  },
  'import.fieldRequired': {
    de: 'Feld darf nicht leer sein',
    en: 'Field must not be empty',
  },
  'import.noRecords': {
    de: 'Die Datei enthält keinen gültigen Eintrag',
    en: 'The file contains no valid entry',
  },
  'import.notAList': {
    de: 'Erwartet wird eine Liste (JSON-Array) mit mindestens einem Eintrag',
    en: 'Expected a list (JSON array) with at least one entry',
  },
  'import.entryNotObject': {
    de: 'Eintrag {row} ist kein Objekt',
    en: 'Entry {row} is not an object',
  },

  // Audit items from CSV (SPEC section 5)
  'import.auditItems.noValidItem': {
    de: 'Mindestens eine gültige Frage ist erforderlich',
    en: 'At least one valid item is required',
  },
  'import.auditItems.weightInvalid': {
    de: 'Zeile {row}: Gewichtung „{value}“ ist keine ganze Zahl ≥ 0, {fallback} wird verwendet',
    en: 'Row {row}: weight "{value}" is not a whole number ≥ 0, {fallback} is used',
  },
  'import.auditItems.noInvalid': {
    de: 'Zeile {row}: Nummer „{value}“ ungültig, {fallback} wird verwendet',
    en: 'Row {row}: number "{value}" is invalid, {fallback} is used',
  },
  'import.auditItems.importanceInvalid': {
    de: 'Zeile {row}: Wichtigkeit „{value}“ ungültig (erlaubt: {allowed}), „nicht definiert“ wird verwendet',
    en: 'Row {row}: importance "{value}" is invalid (allowed: {allowed}), "not defined" is used',
  },
  'import.auditItems.chapterUnmappable': {
    de: 'Kapitel-ID nicht zuordenbar: {chapterId} (Zeile {row})',
    en: 'Chapter Id unmappable: {chapterId} (row {row})',
  },
  'import.auditItems.chapterInvalid': {
    de: 'Zeile {row}: Kapitel „{chapterId}“ ist weder im Standard noch eine Kapitelnummer und wird ignoriert',
    en: 'Row {row}: chapter "{chapterId}" is neither in the standard nor a chapter number and is ignored',
  },
  'import.auditItems.specialRiskInvalid': {
    de: 'Zeile {row}: „{value}“ in der Spalte special_risk ist weder ja noch nein (erlaubt: 1/0, ja/nein, yes/no, x, *, true/false), Zeile ignoriert',
    en: 'Row {row}: "{value}" in the column special_risk is neither yes nor no (allowed: 1/0, ja/nein, yes/no, x, *, true/false), row ignored',
  },
  'import.auditItems.subElementInvalid': {
    de: 'Zeile {row}: „{value}“ in der Spalte sub_element ist kein Unterelement (erlaubt: U1 bis U6 oder leer), Zeile ignoriert',
    en: 'Row {row}: "{value}" in the column sub_element is no sub-element (allowed: U1 to U6 or empty), row ignored',
  },
  'import.auditItems.chapterGenericDescription': {
    de: 'Kapitel {chapterId}',
    en: 'Chapter {chapterId}',
  },
  'import.auditItems.categoryNameMismatch': {
    de: 'Zeile {row}: Kategorie {categoryId} heißt „{knownName}“, nicht „{name}“; der bekannte Name gilt',
    en: 'Row {row}: category {categoryId} is named "{knownName}", not "{name}"; the known name is kept',
  },
  'import.auditItems.categoryUnknown': {
    de: 'Zeile {row}: Kategorie {categoryId} ist unbekannt',
    en: 'Row {row}: category {categoryId} is unknown',
  },
  'import.auditItems.categoryCreated': {
    de: 'Neue Kategorie „{name}“ mit der ID {categoryId} angelegt',
    en: 'New category "{name}" created with id {categoryId}',
  },

  // Standards (SPEC section 5)
  'standard.idPattern': {
    de: 'Die ID muss mit einem Buchstaben beginnen, gefolgt von Buchstaben, Ziffern, - oder _',
    en: 'Id must start with a letter, followed by letters, digits, - or _',
  },
  'standard.idLength': {
    de: 'Länge der ID ungültig (2–32 Zeichen)',
    en: 'Id length invalid 2-32 characters',
  },
  'standard.idTaken': {
    de: 'Die ID {id} ist bereits vergeben',
    en: 'The id {id} is already taken',
  },
  'standard.nameLength': {
    de: 'Länge des Namens ungültig (2–32 Zeichen)',
    en: 'Name length invalid 2-32 characters',
  },
  'standard.descriptionLength': {
    de: 'Länge der Beschreibung ungültig (5–256 Zeichen)',
    en: 'Description length invalid 5-256 characters',
  },
  'standard.emptyField': {
    de: 'Leere Felder sind nicht erlaubt',
    en: 'No empty field allowed',
  },
  'standard.chaptersRequired': {
    de: 'Mindestens ein Kapitel ist erforderlich (JSON-Array)',
    en: 'At least one chapter is required (JSON array)',
  },
  'standard.chapterInvalid': {
    de: 'Kapitel {row}: ID und Beschreibung müssen Texte sein',
    en: 'Chapter {row}: id and description must be strings',
  },
  'standard.chapterDuplicate': {
    de: 'Kapitel-ID {chapterId} kommt mehrfach vor',
    en: 'Chapter id {chapterId} occurs more than once',
  },

  // Autocompletion lists (SPEC sections 5 and 8)
  'autocompletion.documentIdInvalid': {
    de: 'documentId {id} ist ungültig (Kleinbuchstabe, dann Kleinbuchstaben oder Ziffern, mindestens 2 Zeichen)',
    en: 'documentId {id} is invalid (a lowercase letter, then lowercase letters or digits, at least 2 characters)',
  },
  'autocompletion.titleRequired': {
    de: 'Titel darf nicht leer sein',
    en: 'Title must not be empty',
  },
  'autocompletion.dataInvalid': {
    de: 'AutoComplete-Daten ungültig: erwartet wird eine Liste von Einträgen mit ID und Name als Text',
    en: 'AutoComplete data invalid: expected a list of entries with string id and string name',
  },
  'autocompletion.duplicateEntry': {
    de: 'AutoComplete-Eintrag {entryId} kommt mehrfach vor',
    en: 'AutoComplete entry {entryId} occurs more than once',
  },
  'autocompletion.noChanges': {
    de: 'Keine Änderungen gefunden',
    en: 'no changes found',
  },
  'autocompletion.saved': {
    de: '{title} gespeichert',
    en: '{title} saved',
  },
  'autocompletion.saveFailed': {
    de: '{title} speichern fehlgeschlagen: {reason}',
    en: 'Saving {title} failed: {reason}',
  },

  // People (user import, user picker)
  'person.nameRequired': {
    de: 'Name ist erforderlich',
    en: 'Name is required',
  },
  'person.emailRequired': {
    de: 'E-Mail ist erforderlich',
    en: 'E-mail is required',
  },
  'person.emailInvalid': {
    de: 'E-Mail muss gültig sein (z. B. {example})',
    en: 'E-mail must be valid (e.g. {example})',
  },
  'import.people.rolesInvalid': {
    de: 'Eintrag {row}: Rollen ungültig ({value})',
    en: 'Entry {row}: invalid roles ({value})',
  },
  'import.people.duplicateEmail': {
    de: 'Eintrag {row}: E-Mail {email} kommt mehrfach vor, Eintrag ignoriert',
    en: 'Entry {row}: e-mail {email} occurs more than once, entry ignored',
  },

  // Audits
  'import.audit.planningYearInvalid': {
    de: 'Eintrag {row}: Planungsjahr „{value}“ ist kein Jahr (JJJJ)',
    en: 'Entry {row}: planning year "{value}" is not a year (YYYY)',
  },
  'import.audit.planningDateInvalid': {
    de: 'Eintrag {row}: Planungsdatum „{value}“ muss das Format JJJJ-MM-TT haben und im Planungsjahr liegen',
    en: 'Entry {row}: planning date "{value}" must be YYYY-MM-DD within the planning year',
  },
  'import.audit.unknownStandard': {
    de: 'Eintrag {row}: unbekannter Standard {value}',
    en: 'Entry {row}: unknown standard {value}',
  },
  'import.audit.unknownType': {
    de: 'Eintrag {row}: unbekannte Auditart {value}',
    en: 'Entry {row}: unknown audit type {value}',
  },
  'import.audit.unknownParty': {
    de: 'Eintrag {row}: unbekannte Partei „{value}“ (Auditiert durch)',
    en: 'Entry {row}: unknown party "{value}" (audited by)',
  },
  'import.audit.unknownLeadAuditor': {
    de: 'Eintrag {row}: keine Person mit der Kennung oder E-Mail-Adresse „{value}“ (leitender Auditor)',
    en: 'Entry {row}: no person with the id or e-mail address "{value}" (lead auditor)',
  },
  'import.audit.fieldNotText': {
    de: 'Eintrag {row}: Feld {field} muss ein Text sein',
    en: 'Entry {row}: field {field} must be text',
  },

  // Attachments (SPEC section 5)
  'attachment.extensionRequired': {
    de: 'Dateiname benötigt eine Endung',
    en: 'Filename requires extension',
  },
  'attachment.typeNotAllowed': {
    de: 'Dateityp .{extension} ist nicht erlaubt',
    en: 'File type .{extension} is not allowed',
  },
  'attachment.mimeMismatch': {
    de: 'Inhaltstyp {mimeType} passt nicht zur Endung .{extension}',
    en: 'Content type {mimeType} does not match the extension .{extension}',
  },
  'attachment.tooLarge': {
    de: 'Die Datei ist größer als {maxMiB} MiB',
    en: 'The file is larger than {maxMiB} MiB',
  },

  // Stored files: what they belong to, who may have them, how they arrive (files/file-*.ts)
  'file.auditRequired': {
    de: 'Eine Datei gehört zu einem Audit oder einer Person; die Audit-ID fehlt',
    en: 'A file belongs to an audit or a person; the audit id is missing',
  },
  'file.ownerAmbiguous': {
    de: 'Eine Datei gehört entweder zu einem Audit oder zu einer Person, nicht zu beiden',
    en: 'A file belongs either to an audit or to a person, not to both',
  },
  'file.personNotFound': {
    de: 'Die Person {personId} existiert nicht',
    en: 'Person {personId} does not exist',
  },
  'file.ownerIdInvalid': {
    de: 'Die Angabe {field} ist keine gültige ID',
    en: '{field} is not a valid id',
  },
  'file.ownerIncomplete': {
    de: 'Eine Feststellung braucht ihre Frage und ein Medium seine Feststellung',
    en: 'A finding needs its question and a media entry its finding',
  },
  'file.notFound': {
    de: 'Die Datei existiert nicht',
    en: 'The file does not exist',
  },
  'file.auditNotFound': {
    de: 'Das Audit {auditId} existiert nicht',
    en: 'Audit {auditId} does not exist',
  },
  'file.auditDeleted': {
    de: 'Das Audit {auditId} wurde gelöscht',
    en: 'Audit {auditId} has been deleted',
  },
  'file.hashInvalid': {
    de: 'Die Prüfsumme muss ein SHA-256-Wert aus 64 Hexadezimalzeichen sein',
    en: 'The checksum must be a SHA-256 value of 64 hexadecimal characters',
  },
  'file.hashMismatch': {
    de: 'Die Datei ist nicht die aufgenommene: ihre SHA-256-Prüfsumme weicht ab',
    en: 'The file is not the one captured: its SHA-256 checksum differs',
  },
  'file.itemNotInAudit': {
    de: 'Die Frage {auditItemId} gehört nicht zum Audit {auditId}',
    en: 'Question {auditItemId} does not belong to audit {auditId}',
  },
  'file.quotaExceeded': {
    de: 'Ihr Speicherplatz für Dateien ({quotaMiB} MiB) ist aufgebraucht',
    en: 'Your storage for files ({quotaMiB} MiB) is used up',
  },
  'file.uploadTimeout': {
    de: 'Das Hochladen hat zu lange gedauert; es wird später erneut versucht',
    en: 'The upload took too long; it will be tried again later',
  },
  'file.uploadIncomplete': {
    de: 'Die Datei ist unvollständig oder fehlerhaft angekommen',
    en: 'The file arrived incomplete or malformed',
  },
  'file.ownerMissing': {
    de: 'Die Datei wurde vor einer Aktualisierung gespeichert und gehört zu keinem Audit; bitte hängen Sie sie erneut an',
    en: 'The file was kept before an update and belongs to no audit; please attach it again',
  },
});

export type ImportMessageKey = keyof typeof importMessages;
