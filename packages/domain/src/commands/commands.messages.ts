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
