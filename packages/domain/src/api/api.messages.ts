import { defineMessages } from '../messages/message';

/** What the REST API and the token screens tell a person (issue 16). */
export const API_MESSAGES = defineMessages({
  'apiToken.expiryRange': {
    de: 'Das Ablaufdatum muss zwischen heute und in {days} Tagen liegen.',
    en: 'The expiry date must lie between today and {days} days from now.',
  },
  'apiToken.tooMany': {
    de: 'Sie haben bereits {max} gültige API-Tokens. Widerrufen Sie zuerst eines.',
    en: 'You already hold {max} valid API tokens. Revoke one first.',
  },
  'apiToken.readOnly': {
    de: 'Dieses API-Token darf nur lesen.',
    en: 'This API token may only read.',
  },
  'apiToken.noBackupScope': {
    de: 'Dieses API-Token darf keine Sicherungen herunterladen. Erstellen Sie dafür ein Token mit dem Bereich „Sicherungen“.',
    en: 'This API token may not download backups. Create a token with the “Backups” scope for that.',
  },
  'apiToken.notWithToken': {
    de: 'API-Tokens werden nur mit einer Anmeldung im Browser verwaltet, nicht mit einem Token.',
    en: 'API tokens are managed when signed in in the browser, not with a token.',
  },
  'api.preconditionFailed': {
    de: 'Das Dokument wurde inzwischen geändert (jetzt Version {version}). Laden Sie es neu und versuchen Sie es noch einmal.',
    en: 'The document has changed meanwhile (now version {version}). Load it again and retry.',
  },
  'api.preconditionRequired': {
    de: 'Diese Änderung braucht den Kopf If-Match mit der Version (ETag) des Dokuments.',
    en: 'This change needs an If-Match header with the document version (ETag).',
  },
  'api.notFound': {
    de: '{collection} {id} gibt es nicht.',
    en: 'There is no {collection} {id}.',
  },
});
