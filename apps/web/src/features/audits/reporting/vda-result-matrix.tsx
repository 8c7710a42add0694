import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { VdaColour } from '@qa/domain';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PhasePanel } from '../phase-panel';
import type { VdaResultModel, VdaResultRow } from './vda-result-model';
import { VISUALLY_HIDDEN } from '../../../lib/dom/visually-hidden';

/** The traffic light's fill and text colour, and a shape so it is not told by colour alone. */
const LIGHT: Record<VdaColour, { fill: (theme: Theme) => string; text: string; mark: string }> = {
  green: { fill: (theme) => theme.palette.success.dark, text: '#fff', mark: '●' },
  yellow: { fill: () => '#f9a825', text: 'rgba(0, 0, 0, 0.87)', mark: '▲' },
  red: { fill: (theme) => theme.palette.error.dark, text: '#fff', mark: '■' },
};

/** The points column: left out on a phone, so the matrix never scrolls sideways. */
const pointsSx = {
  textAlign: 'right',
  whiteSpace: 'nowrap',
  display: { xs: 'none', sm: 'table-cell' },
} as const;

/** The class's colour: A as green, B as yellow, C as red. */
const CLASS_COLOUR: Record<string, VdaColour> = { A: 'green', B: 'yellow', C: 'red' };

const cellSx = {
  px: 1,
  verticalAlign: 'middle',
  // Long element names wrap between words; on a phone also inside a word, so the table fits.
  '&:first-of-type': { overflowWrap: { xs: 'anywhere', sm: 'break-word' } },
} as const;

/**
 * A level's traffic light: a chip with a shape, the percent and the colour in words for
 * assistive technology (the colour is never the only sign).
 */
export function VdaLight({
  row,
}: {
  row: Pick<VdaResultRow, 'colour' | 'percentText' | 'colourText'>;
}) {
  const light = row.colour ? LIGHT[row.colour] : null;
  return (
    <Box
      component="span"
      data-testid="reporting-vda-light"
      data-colour={row.colour ?? 'none'}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 3,
        fontWeight: 600,
        whiteSpace: 'nowrap',
        bgcolor: light ? light.fill : 'action.selected',
        color: light ? light.text : 'text.primary',
      }}
    >
      {light && (
        <Box component="span" aria-hidden sx={{ fontSize: '0.75em' }}>
          {light.mark}
        </Box>
      )}
      {row.percentText}
      {row.colour && (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {`, ${row.colourText}`}
        </Box>
      )}
    </Box>
  );
}

function Code({ subscript }: { subscript: string }) {
  return (
    <Box component="span" sx={{ fontWeight: 600, mr: 0.75, whiteSpace: 'nowrap' }}>
      E<sub>{subscript}</sub>
    </Box>
  );
}

/**
 * The VDA 6.3 result (issue 19): the class, large, with the downgrading and its reasons; a
 * warning naming what is missing when the grade is not valid; and the matrix of levels (P2 to
 * P7, under P6 its sub-elements and the process steps, then E_G), each with its traffic light
 * and a button explaining it down to its questions.
 */
export function VdaResultMatrix({
  model,
  loading = false,
  onExplain,
}: {
  model: VdaResultModel;
  /** The items are still loading: no class or warning from a grade of nothing yet. */
  loading?: boolean;
  onExplain: (row: VdaResultRow) => void;
}) {
  const { t } = useTranslation();
  const reasonsId = useId();
  if (loading && model.rows.length === 0) {
    return (
      <PhasePanel title={t('reporting.vda.title')} testId="reporting-vda">
        <Typography color="text.secondary">{t('reporting.loading')}</Typography>
      </PhasePanel>
    );
  }
  const classColour = model.className ? CLASS_COLOUR[model.className] : undefined;
  const light = classColour ? LIGHT[classColour] : null;
  const renderRow = (row: VdaResultRow, total = false) => (
    <TableRow
      key={row.key}
      data-testid={`reporting-vda-row-${row.key}`}
      sx={total ? { '& td, & th': { borderTop: 2, borderColor: 'divider' } } : undefined}
    >
      <TableCell component="th" scope="row" sx={{ pl: row.nested ? 4 : 1 }}>
        <Typography component="span" sx={{ fontWeight: total || !row.nested ? 500 : 400 }}>
          <Code subscript={row.subscript} />
          {row.label}
        </Typography>
        <Typography
          variant="body2"
          color={row.coverageOk ? 'text.secondary' : 'warning.dark'}
          data-testid="reporting-vda-coverage"
        >
          {row.coverageText}
          {!row.coverageOk && ` · ${t('reporting.vda.coverageLow')}`}
          {/* On a phone the points column is left out: its numbers are here instead. */}
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {` · ${row.pointsText}`}
          </Box>
        </Typography>
      </TableCell>
      <TableCell sx={{ textAlign: 'right' }}>
        <VdaLight row={row} />
      </TableCell>
      <TableCell sx={pointsSx} data-testid="reporting-vda-points">
        {row.pointsText}
      </TableCell>
      <TableCell sx={{ textAlign: 'right' }}>
        <Button
          size="small"
          onClick={() => onExplain(row)}
          aria-label={t('reporting.vda.explain', { code: row.code, label: row.label })}
          data-testid="reporting-vda-explain"
        >
          {t('reporting.explain.short')}
        </Button>
      </TableCell>
    </TableRow>
  );
  const subheading = (key: string, text: string) => (
    <TableRow key={key}>
      <TableCell colSpan={4} sx={{ pl: 4, pt: 1.5, color: 'text.secondary', fontWeight: 500 }}>
        {text}
      </TableCell>
    </TableRow>
  );

  return (
    <PhasePanel title={t('reporting.vda.title')} testId="reporting-vda">
      {!model.valid && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="reporting-vda-not-valid">
          <AlertTitle>{t('reporting.vda.notValid')}</AlertTitle>
          <Typography variant="body2">{t('reporting.vda.notValidHint')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {model.missing.map((text, index) => (
              <Typography
                component="li"
                variant="body2"
                key={index}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {text}
              </Typography>
            ))}
          </Box>
        </Alert>
      )}
      {model.confirmation && (
        <Alert
          severity={model.valid ? 'info' : 'warning'}
          sx={{ mb: 2 }}
          data-testid="reporting-vda-confirmed"
        >
          {model.confirmation.text}
        </Alert>
      )}

      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}
        data-testid="reporting-vda-class"
      >
        <Box
          aria-hidden
          sx={{
            minWidth: 72,
            height: 72,
            borderRadius: 2,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            typography: 'h3',
            fontWeight: 700,
            bgcolor: light ? light.fill : 'action.selected',
            color: light ? light.text : 'text.secondary',
          }}
        >
          {model.className ?? '–'}
        </Box>
        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Typography component="p" variant="h4" data-testid="reporting-vda-class-text">
            {model.classText}
          </Typography>
          {model.downgradeText && (
            <Typography sx={{ fontWeight: 500 }} data-testid="reporting-vda-downgraded">
              {model.downgradeText}
            </Typography>
          )}
          <Typography color="text.secondary">
            <Code subscript="G" />
            {`${model.total.label}: `}
            <VdaLight row={model.total} />
          </Typography>
        </Box>
      </Box>

      {model.reasons.length > 0 && (
        <Box
          component="section"
          aria-labelledby={reasonsId}
          sx={{ mb: 2 }}
          data-testid="reporting-vda-reasons"
        >
          <Typography id={reasonsId} variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
            {t('reporting.vda.reasonsTitle')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {model.reasons.map((reason, index) => (
              <Typography component="li" key={index} sx={{ overflowWrap: 'anywhere' }}>
                {reason}
              </Typography>
            ))}
          </Box>
        </Box>
      )}

      {model.rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="reporting-vda-empty">
          {t('reporting.vda.empty')}
        </Typography>
      ) : (
        <Table
          size="small"
          sx={{ tableLayout: 'auto', '& td, & th': cellSx }}
          data-testid="reporting-vda-matrix"
        >
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 0' }}>
            {t('reporting.vda.caption')}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('reporting.vda.columns.level')}</TableCell>
              <TableCell scope="col" sx={{ textAlign: 'right' }}>
                {t('reporting.vda.columns.result')}
              </TableCell>
              <TableCell scope="col" sx={pointsSx}>
                {t('reporting.vda.columns.points')}
              </TableCell>
              <TableCell scope="col" sx={{ textAlign: 'right' }}>
                {t('reporting.vda.columns.explain')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {model.rows.map((row, index) => {
              const previous = model.rows[index - 1];
              const heading =
                row.kind !== previous?.kind && row.nested
                  ? subheading(
                      `heading-${row.kind}`,
                      row.kind === 'step'
                        ? t('reporting.vda.steps')
                        : t('reporting.vda.subElements'),
                    )
                  : null;
              return (
                <Fragment key={row.key}>
                  {heading}
                  {renderRow(row)}
                </Fragment>
              );
            })}
            {renderRow(model.total, true)}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('reporting.vda.specialRisk')}
      </Typography>
    </PhasePanel>
  );
}
