import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';
import { qkTableSchema, DEFAULT_QK_TABLE } from '../scoring/qk';
import { DEFAULT_REPORT_CALC_SCHEMA } from '../scoring/calc-schema';
import { configOptionSchema, uniqueIdList } from './localized-text.schema';

const yearSpan = () => z.int().check(z.gte(0)).check(z.lte(50));
const line = () => z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH));

/**
 * Configuration segment `audit`: the choices of the audit dialog and audit matrix (SPEC
 * section 9). `processTypes` are the audit types that show the process field; `supplierParty`
 * is the party that shows supplier, material, reason and the extra responsibles. Year ranges
 * are relative to the current year (planning-years.ts) because fixed years go stale.
 */
export const auditConfigSchema = z
  .strictObject({
    standards: z.strictObject({
      ids: z.array(line()).check(z.minLength(1)),
      default: line(),
    }),
    types: uniqueIdList(configOptionSchema).check(z.minLength(1)),
    processTypes: z.array(line()),
    parties: uniqueIdList(configOptionSchema).check(z.minLength(1)),
    supplierParty: line(),
    companyInspectionTypes: uniqueIdList(configOptionSchema),
    planningYears: z.strictObject({ back: yearSpan(), ahead: yearSpan() }),
    matrixYears: z.strictObject({ back: yearSpan(), ahead: yearSpan() }),
    report: z.strictObject({
      calcSchema: line(),
      customResult: z.nullable(line()),
      qkTable: qkTableSchema,
    }),
  })
  .check(
    z.superRefine((config, ctx) => {
      const missing = (value: string, list: readonly string[], path: (string | number)[]) => {
        if (!list.includes(value)) {
          ctx.addIssue({
            code: 'custom',
            message: 'config.defaultNotListed',
            path,
            params: { value },
          });
        }
      };
      missing(config.standards.default, config.standards.ids, ['standards', 'default']);
      const typeIds = config.types.map((type) => type.id);
      config.processTypes.forEach((id, index) => missing(id, typeIds, ['processTypes', index]));
      const partyIds = config.parties.map((party) => party.id);
      missing(config.supplierParty, partyIds, ['supplierParty']);
    }),
  );
export type AuditConfig = z.infer<typeof auditConfigSchema>;

export const DEFAULT_AUDIT_CONFIG: AuditConfig = {
  standards: {
    ids: ['iso9001', 'iso14001', 'iso27001', 'eu-dsgvo', 'iso50001', 'vda-6-3', 'haccp'],
    default: 'iso9001',
  },
  types: [
    // Two process audits (SPEC section 9 lists both): `process` audits processes against a
    // standard; 'Prozessaudit' is the catalogue-based one that shows the process field. The
    // labels differ from their first word on, so a narrow chip still tells them apart.
    {
      id: 'process',
      label: { de: 'Normbasiertes Prozessaudit', en: 'Standard-based process audit' },
    },
    { id: 'system', label: { de: 'Systemaudit', en: 'System audit' } },
    { id: 'product', label: { de: 'Produktaudit', en: 'Product audit' } },
    {
      id: 'Prozessaudit',
      label: { de: 'Prozessaudit mit Fragenkatalog', en: 'Process audit with question catalogue' },
    },
    { id: 'Begehung', label: { de: 'Begehung', en: 'Site walk' } },
  ],
  processTypes: ['Prozessaudit', 'Begehung'],
  parties: [
    { id: 'internal', label: { de: 'Intern', en: 'Internal' } },
    { id: 'external', label: { de: 'Extern', en: 'External' } },
    { id: 'Lieferant', label: { de: 'Lieferant', en: 'Supplier' } },
  ],
  supplierParty: 'Lieferant',
  companyInspectionTypes: [
    { id: 'initial', label: { de: 'Erstprüfung', en: 'Initial inspection' } },
    {
      id: 'annual',
      label: {
        de: 'Jährliche QL KG- / Interne Prüfung',
        en: 'Annual QL KG / internal inspection',
      },
    },
    { id: 'follow-up', label: { de: 'Nachprüfung', en: 'Follow-up inspection' } },
  ],
  planningYears: { back: 3, ahead: 3 },
  matrixYears: { back: 3, ahead: 1 },
  report: {
    calcSchema: DEFAULT_REPORT_CALC_SCHEMA,
    customResult: null,
    qkTable: [...DEFAULT_QK_TABLE],
  },
};
