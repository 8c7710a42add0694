import { measureUrl } from '../entities/measure.schema';
import type { MeasureRemindersConfig } from '../config/measure.config';
import { measureAuditName, type Measure } from '../entities/measure.schema';
import type { Person } from '../person';
import { formatMessage, languageOfPreference, type Language } from '../messages/message';
import { REMINDER_MESSAGES } from '../messages/reminder.messages';
import { validationMessages } from '../messages/validation.messages';
import { isMeasureOpen } from './measure-filters';
import type { WorkflowView } from './workflow';

/**
 * Which measures remind whom (issue 12, the daily reminder mail), and what the mail says. Pure:
 * the server reads the documents, passes the clock and sends. Days are calendar days
 * `YYYY-MM-DD` like `dueDate`; the server takes "today" and the hour in its local time (`TZ`).
 */

/** The fields of a measure the reminder looks at. */
export type ReminderMeasure = Pick<
  Measure,
  'id' | 'text' | 'dueDate' | 'assignedTo' | 'audit_id' | 'auditRef'
> & { status?: Measure['status'] };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar day of `now` in the local time zone, as `YYYY-MM-DD`. */
export function localDay(now: Date): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** Whether the day's reminders go out at `now` (local time): switched on and the hour reached. */
export function reminderRunDue(settings: MeasureRemindersConfig, now: Date): boolean {
  return settings.enabled && now.getHours() >= settings.hour;
}

/** The latest due date that reminds on `today`: `daysBefore` days ahead. */
export function reminderHorizon(today: string, daysBefore: number): string {
  return addDays(today, daysBefore);
}

/**
 * A measure reminds its assignees on `today` while it is open (its status is not the measure
 * workflow's final one) and has a due date no later than `daysBefore` days ahead, overdue ones
 * included. Without a due date nothing is due.
 */
export function measureNeedsReminder(
  measure: ReminderMeasure,
  today: string,
  daysBefore: number,
  workflow: WorkflowView,
): boolean {
  if (!measure.dueDate) return false;
  if (!isMeasureOpen(measure, workflow)) return false;
  return measure.dueDate <= reminderHorizon(today, daysBefore);
}

export interface ReminderSelection {
  today: string;
  daysBefore: number;
  workflow: WorkflowView;
}

/**
 * Person id -> the measures that remind them on `today`, each person's list by due date (the
 * most overdue first), then by text. A measure with several assignees reminds each of them.
 */
export function measureRemindersByPerson<T extends ReminderMeasure>(
  measures: readonly T[],
  { today, daysBefore, workflow }: ReminderSelection,
): Map<string, T[]> {
  const byPerson = new Map<string, T[]>();
  for (const measure of measures) {
    if (!measureNeedsReminder(measure, today, daysBefore, workflow)) continue;
    for (const personId of new Set(measure.assignedTo)) {
      const list = byPerson.get(personId) ?? [];
      list.push(measure);
      byPerson.set(personId, list);
    }
  }
  for (const list of byPerson.values()) {
    list.sort(
      (a, b) =>
        (a.dueDate ?? '').localeCompare(b.dueDate ?? '') ||
        a.text.localeCompare(b.text) ||
        a.id.localeCompare(b.id),
    );
  }
  return byPerson;
}

/**
 * Who gets reminder mails: people who can sign in (an active record whose login is enabled) and
 * have an e-mail. An inactive record is only a name in audits (SPEC section 4 "User account");
 * its measures show as overdue in the lists of the people who dispatch them.
 */
export function receivesReminders(
  person: Pick<Person, 'type' | 'email'> & {
    loginActive?: boolean;
    preferences?: Person['preferences'];
  },
): boolean {
  return (
    person.type === 'active' &&
    person.loginActive !== false &&
    !!person.email &&
    // The person's own setting (profile page, issue 15): reminder mails switched off.
    person.preferences?.reminderMails !== false
  );
}

/**
 * The language of a person's mail: the person's preferred language when one is known (German if
 * German, else English, as SPEC section 1 decides for the browser), else the installation's
 * default (`app.defaultLanguage`). A person record keeps no language yet, so today it is the
 * installation's.
 */
export function reminderLanguage(
  preferred: string | null | undefined,
  installationDefault: Language,
): Language {
  return preferred ? languageOfPreference(preferred) : installationDefault;
}

/** One formatter per language: making one costs about a hundred times a `format` call. */
const dayFormatters = new Map<Language, Intl.DateTimeFormat>();

/**
 * A calendar day ('YYYY-MM-DD') in the medium style of the language ("10.03.2026",
 * "Mar 10, 2026"), read as that day wherever the device is: due dates in the lists and mails.
 */
export function formatCalendarDay(day: string, language: Language): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  let formatter = dayFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormatters.set(language, formatter);
  }
  return formatter.format(new Date(Date.UTC(year, month - 1, date)));
}

export interface ReminderMailItem {
  measureId: string;
  text: string;
  /** "Audit: {name}", or null for a measure without an audit. */
  audit: string | null;
  /** "Due {date}" or "Due {date} – overdue". */
  due: string;
  overdue: boolean;
  url: string;
}

/** A reminder mail's texts in the reader's language; the server renders text and HTML from it. */
export interface ReminderMailContent {
  language: Language;
  subject: string;
  greeting: string;
  intro: string;
  items: ReminderMailItem[];
  allMeasures: { label: string; url: string };
  footer: string;
}

export interface ReminderMailInput {
  language: Language;
  /** The reader's display name (else their e-mail). */
  name: string;
  today: string;
  daysBefore: number;
  /** The reader's measures in the order to list them (`measureRemindersByPerson`). */
  measures: readonly ReminderMeasure[];
  /** Names of audits the measures point to without a stored `auditRef`. */
  auditNames: ReadonlyMap<string, string>;
  /** PUBLIC_URL without trailing slash. */
  publicUrl: string;
}

export function reminderMailContent(input: ReminderMailInput): ReminderMailContent {
  const { language } = input;
  const text = (key: keyof typeof REMINDER_MESSAGES, params?: Record<string, string | number>) =>
    formatMessage(REMINDER_MESSAGES, { key, params }, language);
  const items = input.measures.map((measure): ReminderMailItem => {
    const auditName = measureAuditName(measure, input.auditNames);
    const audit =
      auditName === null
        ? null
        : typeof auditName === 'string'
          ? auditName
          : formatMessage(validationMessages, auditName, language);
    const dueDate = measure.dueDate ?? input.today;
    const overdue = dueDate < input.today;
    return {
      measureId: measure.id,
      text: measure.text,
      audit: audit ? text('reminder.audit', { name: audit }) : null,
      due: text(overdue ? 'reminder.overdue' : 'reminder.due', {
        date: formatCalendarDay(dueDate, language),
      }),
      overdue,
      url: `${input.publicUrl}${measureUrl(encodeURIComponent(measure.id))}`,
    };
  });
  const count = items.length;
  return {
    language,
    subject: count === 1 ? text('reminder.subject.one') : text('reminder.subject.other', { count }),
    greeting: text('reminder.greeting', { name: input.name }),
    intro: text('reminder.intro', {
      date: formatCalendarDay(reminderHorizon(input.today, input.daysBefore), language),
    }),
    items,
    allMeasures: { label: text('reminder.allMeasures'), url: `${input.publicUrl}/measures` },
    footer: text('reminder.footer'),
  };
}
