import { defineMessages } from '../messages/message';

/** What the operations routes (backup download) answer with, in both languages. */
export const OPERATIONS_MESSAGES = defineMessages({
  'backup.adminOnly': {
    de: 'Nur Administratoren laden Sicherungen herunter',
    en: 'Only administrators download backups',
  },
});
export type OperationsMessageKey = keyof typeof OPERATIONS_MESSAGES;
