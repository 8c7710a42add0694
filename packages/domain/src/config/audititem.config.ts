import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';
import { importanceSchema } from './configured-types';
import { DEFAULT_IMPORTANCES } from './default-types';
import { uniqueIdList } from './localized-text.schema';

/**
 * Configuration segment `audititem`: the importances of questions (weight = value in scoring)
 * and what the item import dialog offers (importance ids '0', '1', '3', '9'; weight 1 when a
 * CSV row has none).
 */
export const audititemConfigSchema = z
  .strictObject({
    importances: uniqueIdList(importanceSchema).check(z.minLength(1)),
    importImportances: z
      .array(z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)))
      .check(z.minLength(1)),
    defaultImportWeight: z.int().check(z.nonnegative()),
  })
  .check(
    z.superRefine((config, ctx) => {
      const ids = new Set(config.importances.map((importance) => importance.id));
      config.importImportances.forEach((id, index) => {
        if (!ids.has(id)) {
          ctx.addIssue({
            code: 'custom',
            message: 'config.defaultNotListed',
            path: ['importImportances', index],
            params: { value: id },
          });
        }
      });
    }),
  );
export type AudititemConfig = z.infer<typeof audititemConfigSchema>;

export const DEFAULT_AUDITITEM_CONFIG: AudititemConfig = {
  importances: [...DEFAULT_IMPORTANCES],
  importImportances: ['0', '1', '3', '9'],
  defaultImportWeight: 1,
};
