import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { AuditTrend } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { gradingBasisLabel } from './reporting/comparison-basis-note';

/**
 * What the trend's results are scored by (issue 34.3): the one calc schema, how many audits
 * stored with the other one were rescored for it, that VDA 6.3 audits stand apart, and a warning
 * when those were graded by different editions.
 */
export function AuditTrendNotes({ trend }: { trend: AuditTrend }) {
  const { t } = useTranslation();
  const basis = gradingBasisLabel({ kind: 'schema', schema: trend.schema }, t);
  const results = trend.points.flatMap((point) => point.audits);
  const rescored = results.filter((result) => result.rescored).length;
  const vda = results.some((result) => result.vda);
  return (
    <>
      <Typography variant="body2" data-testid="audit-trend-basis">
        {t('auditMatrix.trend.basis', { basis })}
      </Typography>
      {rescored > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="audit-trend-rescored">
          {t('auditMatrix.trend.rescored', { count: rescored, basis })}
        </Typography>
      )}
      {vda && (
        <Typography variant="body2" color="text.secondary" data-testid="audit-trend-vda-apart">
          {t('auditMatrix.trend.vda.apart')}
        </Typography>
      )}
      {trend.vdaEditions.length > 1 && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="audit-trend-vda-editions">
          {t('auditMatrix.trend.vda.editions', { editions: trend.vdaEditions.join(', ') })}
        </Alert>
      )}
    </>
  );
}
