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
});
export type OperationsMessageKey = keyof typeof OPERATIONS_MESSAGES;
