import { z } from 'zod';
import { measureTypeSchema } from './configured-types';
import { DEFAULT_MEASURE_TYPES } from './default-types';
import { configOptionSchema, uniqueIdList } from './localized-text.schema';

/**
 * Configuration segment `measure`: measure types and priorities. The measure text limit (140)
 * is not configurable: it is a rule of the measure schema, checked by the server as well.
 */
export const measureConfigSchema = z.strictObject({
  types: uniqueIdList(measureTypeSchema).min(1),
  priorities: uniqueIdList(configOptionSchema),
  /** Where a failed effectiveness check sends a measure back to ("In progress"). */
  reopenStatus: z.string().min(1).max(64).default('3'),
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
};
