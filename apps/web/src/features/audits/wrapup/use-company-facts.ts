import { COMPANY_METADATA_LABELS, companyEmployeeTotal } from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useTranslation } from 'react-i18next';
import { useConfigSegment } from '../../../lib/config/use-config-segment';
import { useLanguage } from '../../../lib/i18n/use-language';
import { COMPANY_FLAGS, companyDataFormOf, companyMetadataOf } from './company-data-form';

/**
 * The audited company's data as label and value lines in the user's language: what the wrap-up
 * tab shows and the PDF report prints. `facts(stored)` is null while none was recorded.
 */
export function useCompanyFacts(): (stored: JsonValue | undefined) => [string, string][] | null {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const auditConfig = useConfigSegment('audit');
  return (stored) => {
    if (stored === undefined || stored === null) return null;
    const metadata = companyMetadataOf(companyDataFormOf(stored));
    const label = (key: string) => COMPANY_METADATA_LABELS[key]?.[language] ?? key;
    const number = (value: number | null) =>
      value === null ? '–' : new Intl.NumberFormat(language).format(value);
    const kinds = COMPANY_FLAGS.filter((flag) => metadata[flag]).map(label);
    const inspection = auditConfig.companyInspectionTypes.find(
      (type) => type.id === metadata.inspectionType,
    );
    return [
      [t('wrapup.company.kind'), kinds.length > 0 ? kinds.join(', ') : '–'],
      [label('trucks'), number(metadata.trucks)],
      [
        label('employees'),
        `${number(companyEmployeeTotal(metadata))} (${label('employees.office')} ${number(
          metadata.employees.office,
        )}, ${label('employees.commercial')} ${number(metadata.employees.commercial)}, ${label(
          'employees.drivers',
        )} ${number(metadata.employees.drivers)})`,
      ],
      [label('storageArea'), number(metadata.storageArea)],
      [label('storageLocations'), number(metadata.storageLocations)],
      [
        label('inspectionType'),
        inspection ? inspection.label[language] : (metadata.inspectionType ?? '–'),
      ],
    ];
  };
}
