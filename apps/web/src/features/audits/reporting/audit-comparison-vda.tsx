import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ScoreChange, VdaAuditResult, VdaComparison } from '@qa/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../lib/dom/visually-hidden';
import type { VdaComparisonModel } from './audit-comparison-model';
import { ComparisonTable } from './comparison-table';

/** Texts of the class's change, for the eye (arrow) and for screen readers. */
const CLASS_CHANGE = {
  up: 'reporting.comparison.vda.classUp',
  down: 'reporting.comparison.vda.classDown',
  same: 'reporting.comparison.vda.classSame',
} as const satisfies Record<NonNullable<VdaComparison['classChange']>, string>;

/**
 * The comparison's table for VDA 6.3 audits (issue 19): the class of both audits (with the class
 * by E_G when downgraded, and whether the grade is valid), E_G and every process element's E_Pn
 * with the change in percentage points. The numbers are the domain's (`compareVdaGrades`).
 */
export function VdaComparisonTable({
  vda,
  percent,
  change,
}: {
  vda: VdaComparisonModel;
  percent: (value: number | null) => ReactNode;
  change: (change: ScoreChange) => ReactNode;
}) {
  const { t } = useTranslation();
  const side = (result: VdaAuditResult | null, testId: string) => {
    if (result === null) {
      return (
        <TableCell data-testid={testId}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('reporting.comparison.vda.notVda')}
          </Box>
        </TableCell>
      );
    }
    const downgraded = result.class !== null && result.class !== result.baseClass;
    return (
      <TableCell data-testid={testId}>
        {result.class === null
          ? percent(null)
          : downgraded
            ? t('reporting.comparison.vda.downgraded', {
                vdaClass: result.class,
                base: result.baseClass,
              })
            : result.class}
        {!result.valid && (
          <Box component="span" sx={{ display: 'block', color: 'warning.dark', fontSize: '0.8em' }}>
            {t('reporting.comparison.vda.notValid')}
          </Box>
        )}
      </TableCell>
    );
  };
  const classChange =
    vda.classChange === null ? (
      change({ earlier: null, current: null, change: null })
    ) : (
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        data-testid="reporting-comparison-vda-class-change"
      >
        {vda.classChange === 'up' && <ArrowUpwardIcon fontSize="inherit" aria-hidden />}
        {vda.classChange === 'down' && <ArrowDownwardIcon fontSize="inherit" aria-hidden />}
        {vda.classChange === 'same' && <span aria-hidden="true">{'\u00b10'}</span>}
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {t(CLASS_CHANGE[vda.classChange])}
        </Box>
      </Box>
    );
  return (
    <ComparisonTable
      caption={t('reporting.comparison.vda.caption')}
      firstColumn={t('reporting.comparison.vda.level')}
      testId="reporting-comparison-vda"
    >
      <TableRow data-testid="reporting-comparison-vda-class">
        <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
          {t('reporting.comparison.vda.class')}
        </TableCell>
        {side(vda.earlier, 'reporting-comparison-vda-class-earlier')}
        {side(vda.current, 'reporting-comparison-vda-class-current')}
        <TableCell>{classChange}</TableCell>
      </TableRow>
      <TableRow data-testid="reporting-comparison-vda-total">
        <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
          {t('reporting.comparison.vda.total')}
        </TableCell>
        <TableCell>{percent(vda.total.earlier)}</TableCell>
        <TableCell>{percent(vda.total.current)}</TableCell>
        <TableCell>{change(vda.total)}</TableCell>
      </TableRow>
      {vda.elements.map((element) => (
        <TableRow key={element.id} data-testid="reporting-comparison-vda-element">
          <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
            {t('reporting.comparison.vda.element', {
              code: `E_${element.id}`,
              label: vda.labels[element.id] ?? element.id,
            })}
          </TableCell>
          <TableCell>{percent(element.earlier)}</TableCell>
          <TableCell>{percent(element.current)}</TableCell>
          <TableCell>{change(element)}</TableCell>
        </TableRow>
      ))}
    </ComparisonTable>
  );
}
