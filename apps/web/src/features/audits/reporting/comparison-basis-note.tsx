import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { CalcSchema, Comparability, GradingBasis, NotComparableReason } from '@qa/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const SCHEMA_LABEL = {
  deviation: 'reporting.comparison.basis.deviation',
  compliance: 'reporting.comparison.basis.compliance',
} as const satisfies Record<CalcSchema, string>;

const NOT_COMPARABLE = {
  vdaAndSchema: 'reporting.comparison.basis.vdaAndSchema',
  vdaEdition: 'reporting.comparison.basis.vdaEdition',
} as const satisfies Record<NotComparableReason, string>;

/** A grading basis as a user reads it: "Erfüllungsgrad", "VDA 6.3, Ausgabe 2016". */
export function gradingBasisLabel(basis: GradingBasis, t: TFunction): string {
  return basis.kind === 'vda63'
    ? t('reporting.comparison.basis.vda63', { edition: basis.edition })
    : t(SCHEMA_LABEL[basis.schema]);
}

/**
 * What the comparison grades both audits by (issue 34.3), whether the earlier audit was rescored
 * for it, and a warning when the two results are not directly comparable.
 */
export function ComparisonBasisNote({ comparability }: { comparability: Comparability }) {
  const { t } = useTranslation();
  const { basis, earlierBasis, rescored, notComparable } = comparability;
  const label = gradingBasisLabel(basis, t);
  const earlierLabel = gradingBasisLabel(earlierBasis, t);
  if (notComparable) {
    return (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="reporting-comparison-not-comparable">
        {t(NOT_COMPARABLE[notComparable], { earlier: earlierLabel, current: label })}
      </Alert>
    );
  }
  return (
    <>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="reporting-comparison-basis">
        {t('reporting.comparison.basis.label', { basis: label })}
      </Typography>
      {rescored && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="reporting-comparison-rescored"
        >
          {t('reporting.comparison.basis.rescored', { own: earlierLabel, basis: label })}
        </Typography>
      )}
    </>
  );
}
