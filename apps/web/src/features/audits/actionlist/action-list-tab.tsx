import Typography from '@mui/material/Typography';
import { getOwn, type JsonValue } from '@qa/sync';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MeasureList, type MeasureRow } from '../../measures/measure-list';
import { useMeasures } from '../../measures/use-measures';
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
  const own = useMemo(
    () => measures.filter((measure) => measure.audit_id === auditId),
    [measures, auditId],
  );
  // "3.1 Pallets in the aisle": the finding a group of measures answers, from the items.
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
        const findingText =
          finding && typeof finding === 'object' && !Array.isArray(finding)
            ? text(getOwn(finding, 'text'))
            : '';
        labels.set(`${doc.id}/${findingId}`, [no, findingText].filter(Boolean).join(' '));
      }
    }
    return labels;
  }, [documents]);

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
