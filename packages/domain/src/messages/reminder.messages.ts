import { defineMessages } from './message';

/**
 * Texts of the daily reminder mail of measures due soon or overdue (issue 12,
 * `workflow/measure-reminders.ts`). The server puts them into a mail; `{...}` are filled by
 * `formatMessage`.
 */
export const REMINDER_MESSAGES = defineMessages({
  'reminder.subject.one': {
    de: 'Erinnerung: 1 Maßnahme ist fällig – Quality Audit',
    en: 'Reminder: 1 measure is due – Quality Audit',
  },
  'reminder.subject.other': {
    de: 'Erinnerung: {count} Maßnahmen sind fällig – Quality Audit',
    en: 'Reminder: {count} measures are due – Quality Audit',
  },
  'reminder.greeting': { de: 'Hallo {name},', en: 'Hello {name},' },
  'reminder.intro': {
    de: 'diese Ihnen zugewiesenen Maßnahmen sind bis zum {date} fällig oder bereits überfällig:',
    en: 'these measures assigned to you are due by {date} or already overdue:',
  },
  'reminder.audit': { de: 'Audit: {name}', en: 'Audit: {name}' },
  'reminder.due': { de: 'Fällig am {date}', en: 'Due {date}' },
  'reminder.overdue': { de: 'Fällig am {date} – überfällig', en: 'Due {date} – overdue' },
  'reminder.allMeasures': { de: 'Alle Maßnahmen', en: 'All measures' },
  'reminder.footer': {
    de: 'Diese Erinnerung kommt einmal am Tag, solange Ihnen Maßnahmen fällig sind.',
    en: 'This reminder comes once a day while measures assigned to you are due.',
  },
});
export type ReminderMessageKey = keyof typeof REMINDER_MESSAGES;
