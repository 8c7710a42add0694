import Typography from '@mui/material/Typography';
import { findingDisplayText } from '@qa/domain';
import { getOwn, type JsonValue } from '@qa/sync';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MeasureList, type MeasureRow } from '../../measures/measure-list';
import { useMeasures } from '../../measures/use-measures';
import { useLanguage } from '../../../lib/i18n/use-language';
import { findingTypeLabel } from '../preparation/preparation-rows';
import { usePreparationConfig } from '../preparation/use-preparation-config';
import { useAuditWithItems } from '../use-audit-items';

/** The group of a measure that answers no finding (created on the action list itself). */
const NO_FINDING = '\u0000none';

const text = (value: JsonValue | undefined) => (typeof value === 'string' ? value : '');

/**
 * The action list tab (`/audit/{id}/auditactionlist`, issue 12.2): the audit's measures grouped
 * by the finding they answer (question number, finding text), with status, assignees, due date
 * and overdue marking; a new measure here belongs to the audit without a finding.
 */
export function ActionListTab({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const { measures, loading } = useMeasures();
  const { audit, documents } = useAuditWithItems(auditId);
  const { findingTypes } = usePreparationConfig();
  const { language } = useLanguage();
  const own = useMemo(
    () => measures.filter((measure) => measure.audit_id === auditId),
    [measures, auditId],
  );
  // "3.1 Pallets in the aisle": the finding a group of measures answers, from the items; one
  // without text (or with a stored placeholder) by its type, "3.2 Minor deviation".
  const findingLabels = useMemo(() => {
    const labels = new Map<string, string>();
    for (const doc of documents) {
      const question = doc.data.question;
      const no =
        question && typeof question === 'object' && !Array.isArray(question)
          ? text(getOwn(question, 'no'))
          : '';
      const deviations = doc.data.deviations;
      if (!deviations || typeof deviations !== 'object' || Array.isArray(deviations)) continue;
      for (const [findingId, finding] of Object.entries(deviations)) {
        const data =
          finding && typeof finding === 'object' && !Array.isArray(finding) ? finding : {};
        const typeId = text(getOwn(data, 'importance'));
        const findingText =
          findingDisplayText(
            text(getOwn(data, 'text')),
            findingTypes.find((type) => type.id === typeId),
          ) || (typeId ? findingTypeLabel(typeId, findingTypes, language) : '');
        labels.set(`${doc.id}/${findingId}`, [no, findingText].filter(Boolean).join(' '));
      }
    }
    return labels;
  }, [documents, findingTypes, language]);

  const extraFields = useMemo(
    () => ({
      finding: (row: MeasureRow) =>
        row.audititem_id && row.deviation_id
          ? `${row.audititem_id}/${row.deviation_id}`
          : NO_FINDING,
    }),
    [],
  );
  const formatExtra = useCallback(
    (field: string, value: string) => {
      if (field !== 'finding') return undefined;
      if (value === NO_FINDING) return t('actionList.noFinding');
      return findingLabels.get(value) || t('actionList.findingGone');
    },
    [findingLabels, t],
  );

  return (
    <>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('audit.phases.actionList')}
      </Typography>
      <MeasureList
        measures={own}
        loading={loading}
        listKey="auditactionlist"
        label={t('actionList.label', { name: text(audit?.data.name) })}
        createLinks={{ auditId }}
        extraFields={extraFields}
        formatExtra={formatExtra}
        defaultView="group"
        groupHeadingLevel={3}
      />
    </>
  );
}
