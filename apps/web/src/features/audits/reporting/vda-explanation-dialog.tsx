import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { VdaGrade } from '@qa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatReportNumber } from './report-numbers';
import { ExplanationDialog } from './score-explanation-dialog';
import { vdaLevelExplanation, type VdaResultRow } from './vda-result-model';

const cellSx = {
  px: 1,
  '&:first-of-type': { overflowWrap: 'anywhere' },
  '&:not(:first-of-type)': { textAlign: 'right', whiteSpace: 'nowrap' },
} as const;

/**
 * A VDA level explained down to its questions (issue 19): the formula with the level's numbers,
 * every evaluated question with its points of the possible, their sum, and the questions not
 * evaluated in this level (with the reason of an n.e.). Built from the level's own
 * contributions, so the listed points recompute the shown level.
 */
export function VdaExplanationDialog({
  row,
  grade,
  onClose,
}: {
  row: VdaResultRow;
  grade: VdaGrade;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const explanation = useMemo(
    () => vdaLevelExplanation(row, grade, { language, t }),
    [row, grade, language, t],
  );
  const n = (value: number) => formatReportNumber(value, language);
  const { level } = row;
  return (
    <ExplanationDialog
      title={explanation.title}
      testId="reporting-vda-explanation"
      onClose={onClose}
    >
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {t('reporting.vda.formulaTitle')}
      </Typography>
      <Typography
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
        data-testid="reporting-vda-formula"
      >
        {explanation.formula}
      </Typography>

      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }} gutterBottom>
        {t('reporting.vda.countedTitle', { count: explanation.counted.length })}
      </Typography>
      {explanation.counted.length > 0 && (
        <Table size="small" sx={{ '& td, & th': cellSx }} data-testid="reporting-vda-counted">
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('reporting.vda.question')}</TableCell>
              <TableCell scope="col">{t('reporting.vda.awarded')}</TableCell>
              <TableCell scope="col">{t('reporting.vda.possible')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {explanation.counted.map((entry) => (
              <TableRow key={entry.itemId} data-testid="reporting-vda-contribution">
                <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {entry.no}
                  </Box>
                  {entry.no ? ` ${entry.text}` : entry.text}
                </TableCell>
                <TableCell>{entry.points}</TableCell>
                <TableCell>{entry.possible}</TableCell>
              </TableRow>
            ))}
            <TableRow data-testid="reporting-vda-sum">
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {t('reporting.vda.sum')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{n(level.awarded)}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{n(level.possible)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}

      {explanation.notEvaluated.length > 0 && (
        <Box data-testid="reporting-vda-not-evaluated">
          <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }} gutterBottom>
            {t('reporting.vda.notEvaluatedTitle', { count: explanation.notEvaluated.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {explanation.notEvaluated.map((entry) => (
              <Typography
                component="li"
                variant="body2"
                key={entry.itemId}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {entry.no ? `${entry.no} ${entry.text}` : entry.text}
                {entry.reason && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` · ${t('reporting.vda.reason', { reason: entry.reason })}`}
                  </Typography>
                )}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('reporting.vda.specialRisk')}
      </Typography>
    </ExplanationDialog>
  );
}
