import { describe, expect, it } from 'vitest';
import { DEFAULT_MEASURE_CONFIG, measureConfigSchema } from '../config/measure.config';
import { parseConfigSegment } from '../config/configuration';
import { REMINDER_MESSAGES } from '../messages/reminder.messages';
import { DEFAULT_MEASURE_WORKFLOW } from './default-workflows';
import {
  addDays,
  formatCalendarDay,
  localDay,
  measureNeedsReminder,
  measureRemindersByPerson,
  receivesReminders,
  reminderLanguage,
  reminderMailContent,
  reminderRunDue,
  type ReminderMeasure,
} from './measure-reminders';

const TODAY = '2026-03-10';
const workflow = DEFAULT_MEASURE_WORKFLOW;

function measure(id: string, fields: Partial<ReminderMeasure> = {}): ReminderMeasure {
  return {
    id,
    text: `Measure ${id}`,
    status: '3',
    dueDate: TODAY,
    assignedTo: ['erika'],
    audit_id: null,
    auditRef: null,
    ...fields,
  };
}

describe('measure reminders: which measures remind whom', () => {
  it('takes open measures due within daysBefore days and overdue ones', () => {
    const due = (dueDate: string | null, status = '3') =>
      measureNeedsReminder(measure('m', { dueDate, status }), TODAY, 3, workflow);
    expect(due('2026-03-13')).toBe(true); // the third day ahead
    expect(due(TODAY)).toBe(true);
    expect(due('2025-12-01')).toBe(true); // overdue
    expect(due('2026-03-14')).toBe(false); // later
    expect(due(null)).toBe(false); // no due date
    expect(due('2026-03-11', '6')).toBe(false); // final status "Effective"
    expect(due('2026-03-11', 'Effective')).toBe(false); // an older document's description
    for (const status of ['1', '2', '4', '5']) expect(due('2026-03-11', status)).toBe(true);
    expect(measureNeedsReminder(measure('m', { dueDate: TODAY }), TODAY, 0, workflow)).toBe(true);
    expect(measureNeedsReminder(measure('m', { dueDate: '2026-03-11' }), TODAY, 0, workflow)).toBe(
      false,
    );
  });

  it('lists each assignee their measures, most overdue first, and nobody else', () => {
    const byPerson = measureRemindersByPerson(
      [
        measure('later', { dueDate: '2026-03-12', assignedTo: ['erika', 'max'] }),
        measure('overdue', { dueDate: '2026-02-01' }),
        measure('far', { dueDate: '2026-04-01' }),
        measure('done', { status: '6' }),
        measure('nobody', { assignedTo: [] }),
        measure('twice', { dueDate: '2026-03-11', assignedTo: ['max', 'max'] }),
      ],
      { today: TODAY, daysBefore: 3, workflow },
    );
    expect([...byPerson.keys()].sort()).toEqual(['erika', 'max']);
    expect(byPerson.get('erika')?.map((m) => m.id)).toEqual(['overdue', 'later']);
    expect(byPerson.get('max')?.map((m) => m.id)).toEqual(['twice', 'later']);
  });

  it('runs from the configured hour of the local day when switched on', () => {
    const settings = DEFAULT_MEASURE_CONFIG.reminders;
    expect(reminderRunDue(settings, new Date(2026, 2, 10, 6, 59))).toBe(false);
    expect(reminderRunDue(settings, new Date(2026, 2, 10, 7, 0))).toBe(true);
    expect(reminderRunDue(settings, new Date(2026, 2, 10, 23, 0))).toBe(true);
    expect(reminderRunDue({ ...settings, enabled: false }, new Date(2026, 2, 10, 9))).toBe(false);
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('mails people who can sign in and have an e-mail', () => {
    const person = { type: 'active' as const, email: 'a@example.com', loginActive: true };
    expect(receivesReminders(person)).toBe(true);
    expect(receivesReminders({ ...person, loginActive: undefined })).toBe(true);
    expect(receivesReminders({ ...person, loginActive: false })).toBe(false);
    expect(receivesReminders({ ...person, type: 'inactive' })).toBe(false);
    expect(receivesReminders({ ...person, email: null })).toBe(false);
  });

  it("writes in the person's language, else the installation's", () => {
    expect(reminderLanguage('de-AT', 'en')).toBe('de');
    expect(reminderLanguage('fr', 'de')).toBe('en');
    expect(reminderLanguage(undefined, 'de')).toBe('de');
    expect(reminderLanguage(null, 'en')).toBe('en');
    expect(formatCalendarDay('2026-03-09', 'de')).toBe('09.03.2026');
    expect(formatCalendarDay('2026-03-09', 'en')).toBe('Mar 9, 2026');
  });
});

describe('measure reminders: the mail', () => {
  const measures = [
    measure('m-1', {
      text: 'Mark the aisles',
      dueDate: '2026-03-01',
      audit_id: 'a-1',
      auditRef: { id: 'a-1', name: 'Supplier Styr' },
    }),
    measure('m-2', { text: 'Train the drivers', dueDate: '2026-03-12', audit_id: 'gone' }),
    measure('m-3', { text: 'Alone', dueDate: '2026-03-11' }),
  ];
  const input = {
    name: 'Erika Muster',
    today: TODAY,
    daysBefore: 3,
    measures,
    auditNames: new Map<string, string>(),
    publicUrl: 'https://qa.example.com/app',
  };

  it('says it in German', () => {
    const mail = reminderMailContent({ ...input, language: 'de' });
    expect(mail.subject).toBe('Erinnerung: 3 Maßnahmen sind fällig – Quality Audit');
    expect(mail.greeting).toBe('Hallo Erika Muster,');
    expect(mail.intro).toContain('bis zum 13.03.2026');
    expect(mail.items).toEqual([
      {
        measureId: 'm-1',
        text: 'Mark the aisles',
        audit: 'Audit: Supplier Styr',
        due: 'Fällig am 01.03.2026 – überfällig',
        overdue: true,
        url: 'https://qa.example.com/app/measure/m-1',
      },
      {
        measureId: 'm-2',
        text: 'Train the drivers',
        audit: 'Audit: Audit nicht mehr vorhanden',
        due: 'Fällig am 12.03.2026',
        overdue: false,
        url: 'https://qa.example.com/app/measure/m-2',
      },
      expect.objectContaining({ measureId: 'm-3', audit: null, due: 'Fällig am 11.03.2026' }),
    ]);
    expect(mail.allMeasures).toEqual({
      label: 'Alle Maßnahmen',
      url: 'https://qa.example.com/app/measures',
    });
  });

  it('says it in English, with one measure in the singular', () => {
    const mail = reminderMailContent({
      ...input,
      language: 'en',
      measures: measures.slice(1, 2),
      auditNames: new Map([['gone', 'Night shift']]),
    });
    expect(mail.subject).toBe('Reminder: 1 measure is due – Quality Audit');
    expect(mail.greeting).toBe('Hello Erika Muster,');
    expect(mail.intro).toBe(
      'these measures assigned to you are due by Mar 13, 2026 or already overdue:',
    );
    expect(mail.items[0]).toMatchObject({ audit: 'Audit: Night shift', due: 'Due Mar 12, 2026' });
    expect(mail.footer).toBe(REMINDER_MESSAGES['reminder.footer'].en);
  });

  it('every text exists in both languages', () => {
    for (const [key, text] of Object.entries(REMINDER_MESSAGES)) {
      expect(key).toMatch(/^reminder(\.[a-zA-Z]+)+$/);
      expect(text.de.trim()).not.toBe('');
      expect(text.en.trim()).not.toBe('');
    }
  });
});

describe('measure reminders: configuration', () => {
  it('a stored segment from before reminders existed gets the defaults', () => {
    const { reminders: _, ...stored } = DEFAULT_MEASURE_CONFIG;
    expect(measureConfigSchema.parse(stored).reminders).toEqual({
      enabled: true,
      daysBefore: 3,
      hour: 7,
    });
    expect(measureConfigSchema.parse({ ...stored, reminders: { hour: 6 } }).reminders).toEqual({
      enabled: true,
      daysBefore: 3,
      hour: 6,
    });
  });

  it('refuses out-of-range and unknown settings', () => {
    const withReminders = (reminders: unknown) =>
      parseConfigSegment('measure', { ...DEFAULT_MEASURE_CONFIG, reminders }).ok;
    expect(withReminders({ daysBefore: 30, hour: 23 })).toBe(true);
    expect(withReminders({ daysBefore: 31 })).toBe(false);
    expect(withReminders({ daysBefore: -1 })).toBe(false);
    expect(withReminders({ hour: 24 })).toBe(false);
    expect(withReminders({ hour: 7.5 })).toBe(false);
    expect(withReminders({ enabled: 'yes' })).toBe(false);
    expect(withReminders({ hours: 7 })).toBe(false);
  });
});
