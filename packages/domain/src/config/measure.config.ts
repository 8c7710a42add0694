import { z } from 'zod/mini';
import { measureTypeSchema } from './configured-types';
import { DEFAULT_MEASURE_TYPES } from './default-types';
import { configOptionSchema, uniqueIdList } from './localized-text.schema';

/**
 * The daily reminder mail of measures due soon or overdue (issue 12, `workflow/measure-reminders`):
 * whether it is sent, how many days before the due date a measure counts as due, and from which
 * hour of the server's local time (`TZ`) the day's mails go out. Segments stored before it
 * existed get these defaults.
 */
export const measureRemindersConfigSchema = z.strictObject({
  enabled: z._default(z.boolean(), true),
  daysBefore: z._default(z.int().check(z.gte(0)).check(z.lte(30)), 3),
  hour: z._default(z.int().check(z.gte(0)).check(z.lte(23)), 7),
});
export type MeasureRemindersConfig = z.infer<typeof measureRemindersConfigSchema>;

export const DEFAULT_MEASURE_REMINDERS: MeasureRemindersConfig = {
  enabled: true,
  daysBefore: 3,
  hour: 7,
};

/**
 * Configuration segment `measure`: measure types, priorities, reminders. The measure text limit
 * (140) is not configurable: it is a rule of the measure schema, checked by the server as well.
 */
export const measureConfigSchema = z.strictObject({
  types: uniqueIdList(measureTypeSchema).check(z.minLength(1)),
  priorities: uniqueIdList(configOptionSchema),
  /** Where a failed effectiveness check sends a measure back to ("In progress"). */
  reopenStatus: z._default(z.string().check(z.minLength(1)).check(z.maxLength(64)), '3'),
  reminders: z._default(measureRemindersConfigSchema, { ...DEFAULT_MEASURE_REMINDERS }),
});
export type MeasureConfig = z.infer<typeof measureConfigSchema>;

export const DEFAULT_MEASURE_CONFIG: MeasureConfig = {
  types: [...DEFAULT_MEASURE_TYPES],
  priorities: [
    { id: 'low', label: { de: 'Niedrig', en: 'Low' } },
    { id: 'medium', label: { de: 'Mittel', en: 'Medium' } },
    { id: 'high', label: { de: 'Hoch', en: 'High' } },
  ],
  reopenStatus: '3',
  reminders: { ...DEFAULT_MEASURE_REMINDERS },
};
