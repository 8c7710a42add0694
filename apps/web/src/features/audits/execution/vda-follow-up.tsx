import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  formatCalendarDay,
  lastVdaAuditOf,
  MEASURES_COLLECTION,
  vdaFollowUps,
  type AuditItem,
  type VdaFollowUps,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useQuery } from '../../../lib/sync/use-query';
import {
  measureFromDocument,
  measureStatusLabel,
  type MeasureView,
} from '../../measures/measure-model';
import { useMeasureWorkflow } from '../../measures/use-measures';
import { scoredItems } from '../reporting/report-model';

/** Every audit: the last VDA audit of the same supplier is picked from them. */
const ALL_AUDITS = { collection: AUDITS_COLLECTION, filters: [] };
const ALL_MEASURES = { collection: MEASURES_COLLECTION, filters: [] };

export interface VdaFollowUpModel extends VdaFollowUps<MeasureView> {
  earlier: { id: string; name: string };
}

/**
 * Follow-up of the last audit (issue 19.6): the measures of the supplier's last VDA audit that
 * are not yet effective, by this audit's question they came from (the domain's
 * `lastVdaAuditOf` / `vdaFollowUps`). Null while there is no earlier VDA audit of this scope;
 * `audit` undefined (not a VDA audit) subscribes to nothing.
 */
export function useVdaFollowUps(
  audit: Record<string, JsonValue> | undefined,
  auditId: string,
  items: readonly AuditItem[],
): VdaFollowUpModel | null {
  const { documents: audits } = useQuery(audit ? ALL_AUDITS : null);
  const earlier = useMemo(() => {
    if (!audit) return null;
    const headers = audits.map((doc) => ({ ...doc.data, id: doc.id }));
    return lastVdaAuditOf<{ id: string; name?: JsonValue }>({ ...audit, id: auditId }, headers);
  }, [audit, audits, auditId]);
  const earlierId = earlier?.id ?? null;
  const { documents: earlierDocs } = useQuery(
    earlierId
      ? {
          collection: AUDIT_ITEMS_COLLECTION,
          filters: [{ path: ['auditId'], op: '==', value: earlierId }],
        }
      : null,
  );
  // Every measure (the session keeps them subscribed), read only when there is an earlier audit.
  const { documents: measureDocs } = useQuery(earlierId ? ALL_MEASURES : null);
  const workflow = useMeasureWorkflow();
  return useMemo(() => {
    if (!earlier || earlierId === null) return null;
    const measures = measureDocs
      .map((doc) => measureFromDocument(doc.id, doc.data, doc.state))
      .filter((measure): measure is MeasureView => measure !== null);
    const result = vdaFollowUps({
      earlierAuditId: earlierId,
      earlierItems: scoredItems(earlierDocs).items,
      currentItems: items,
      measures,
      workflow,
    });
    const name = typeof earlier.name === 'string' ? earlier.name : earlierId;
    return { ...result, earlier: { id: earlierId, name } };
  }, [earlier, earlierId, earlierDocs, items, measureDocs, workflow]);
}

/** The open measures of the last audit for one question (or those without a question here). */
export function VdaFollowUpList({
  measures,
  earlier,
  testId = 'vda-follow-up',
  heading,
}: {
  measures: readonly MeasureView[];
  earlier: { id: string; name: string };
  testId?: string;
  heading?: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const workflow = useMeasureWorkflow();
  if (measures.length === 0) return null;
  return (
    <Box
      component="section"
      data-testid={testId}
      aria-label={heading ?? t('execution.vdaFollowUp.heading', { name: earlier.name })}
      sx={{
        borderLeft: 4,
        borderColor: 'warning.main',
        bgcolor: 'action.hover',
        px: 1.5,
        py: 1,
        my: 1,
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {heading ?? t('execution.vdaFollowUp.heading', { name: earlier.name })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {measures.map((measure) => (
          <Box component="li" key={measure.id} data-testid="vda-follow-up-measure">
            <Typography variant="body2" component="span">
              <Link component={RouterLink} to={`/measure/${measure.id}`}>
                {measure.text}
              </Link>
              {' – '}
              {measureStatusLabel(workflow, measure.status, language)}
              {measure.dueDate
                ? ` – ${t('execution.vdaFollowUp.due', { date: formatCalendarDay(measure.dueDate, language) })}`
                : ''}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('execution.vdaFollowUp.hint')}
      </Typography>
    </Box>
  );
}
