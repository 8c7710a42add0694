import { defineMessages } from '../messages/message';

/** What the operations routes (backup download) answer with, in both languages. */
export const OPERATIONS_MESSAGES = defineMessages({
  'backup.adminOnly': {
    de: 'Nur Administratoren laden Sicherungen herunter',
    en: 'Only administrators download backups',
  },
  'backup.busy': {
    de: 'Gerade wird schon eine Sicherung erstellt. Versuchen Sie es wieder, wenn sie fertig ist.',
    en: 'A backup is being made already. Try again once it is done.',
  },
  // A server that cannot take a request now (503): the client sends it again later.
  'server.restarting': {
    de: 'Der Server startet gerade neu. Nichts wurde gespeichert; bitte in ein paar Sekunden erneut senden.',
    en: 'The server is restarting. Nothing was saved; please send it again in a few seconds.',
  },
  'server.databaseUnavailable': {
    de: 'Die Datenbank ist gerade nicht erreichbar. Nichts wurde gespeichert; bitte gleich erneut versuchen.',
    en: 'The database cannot be reached right now. Nothing was saved; please try again shortly.',
  },
});
export type OperationsMessageKey = keyof typeof OPERATIONS_MESSAGES;
