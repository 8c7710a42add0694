import { z } from 'zod';
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
  enabled: z.boolean().default(true),
  daysBefore: z.number().int().min(0).max(30).default(3),
  hour: z.number().int().min(0).max(23).default(7),
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
  types: uniqueIdList(measureTypeSchema).min(1),
  priorities: uniqueIdList(configOptionSchema),
  /** Where a failed effectiveness check sends a measure back to ("In progress"). */
  reopenStatus: z.string().min(1).max(64).default('3'),
  reminders: measureRemindersConfigSchema.default({ ...DEFAULT_MEASURE_REMINDERS }),
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
