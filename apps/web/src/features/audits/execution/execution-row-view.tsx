import AddIcon from '@mui/icons-material/Add';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhotoIcon from '@mui/icons-material/PhotoOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { FindingType } from '@qa/domain';
import { memo } from 'react';
import type { ExecutionFinding, ExecutionRow } from './execution-rows';
import { MediaStrip, type MediaStripLabels } from './media/media-strip';
import { VdaRowEvaluation, type VdaRowView } from './vda-evaluation';
import type { VdaRowModel } from './vda-evaluation-model';
import { VdaFollowUpList } from './vda-follow-up';
import type { MeasureView } from '../../measures/measure-model';

/** Texts and lookups every row shares, built once per language by the tab. */
export interface ExecutionRowLabels {
  number: string;
  hint: string;
  notApplicable: string;
  completed: string;
  typeName: (id: string) => string;
  typeColor: (id: string) => string;
  importance: (id: string) => string;
  importanceColor: (id: string) => string | undefined;
  addFinding: (no: string) => string;
  /** A quick answer's button, e.g. "Conforming" for question 4. */
  quick: (type: FindingType, no: string) => string;
  quickShort: (type: FindingType) => string;
  reactivate: (no: string) => string;
  editFinding: (type: string) => string;
  deleteFinding: (type: string) => string;
  /** "Create measure", with the number the finding has. */
  createMeasure: (count: number) => string;
  media: (count: number) => string;
  position: string;
  mediaStrip: MediaStripLabels;
}

export interface ExecutionRowActions {
  add?: (row: ExecutionRow) => void;
  /** Answers the question with a type that closes it (conforming, not applicable). */
  quick?: (row: ExecutionRow, type: FindingType) => void;
  edit?: (row: ExecutionRow, finding: ExecutionFinding) => void;
  view: (row: ExecutionRow, finding: ExecutionFinding) => void;
  remove?: (row: ExecutionRow, finding: ExecutionFinding) => void;
  /** Opens the measure dialog for a new measure of the finding. */
  createMeasure?: (row: ExecutionRow, finding: ExecutionFinding) => void;
  reactivate?: (row: ExecutionRow) => void;
  /** Opens the camera for the finding (absent offline-incapable or read-only). */
  camera?: (row: ExecutionRow, finding: ExecutionFinding) => void;
  attach?: (row: ExecutionRow, finding: ExecutionFinding, files: File[]) => void;
  openMedia: (row: ExecutionRow, finding: ExecutionFinding, index: number) => void;
}

interface ExecutionRowViewProps {
  row: ExecutionRow;
  labels: ExecutionRowLabels;
  actions: ExecutionRowActions;
  /** The configured types that close a question in one step. */
  quickTypes: readonly FindingType[];
  /** A VDA 6.3 audit's evaluation of the question (issue 19.4); absent in other audits. */
  vda?: VdaRowModel;
  /** The selected process step, given to P6 questions only (so a switch renders only them). */
  vdaStep?: string | null;
  vdaView?: VdaRowView;
  /** The open measures of the supplier's last VDA audit from this question (issue 19.6). */
  followUp?: readonly MeasureView[];
  followUpOf?: { id: string; name: string };
}

/**
 * A row's look in one style, given to the list once for all rows (`rowsSx`), its texts and
 * labels plain elements (issue 11: the first row of a 1,000-question audit; a row was about
 * fifteen styled components, each paid for on every render, and then one style serialised per
 * row). The buttons stay MUI's: their touch size and focus ring come from the theme. The labels
 * look like MUI's small outlined chips.
 */
const rowSx: SxProps<Theme> = (theme) => ({
  '& .exec-head': {
    display: 'block',
    gap: theme.spacing(1.5),
    alignItems: 'flex-start',
    [theme.breakpoints.up('sm')]: { display: 'flex' },
  },
  '& .exec-no': {
    ...theme.typography.body1,
    margin: 0,
    fontWeight: 500,
    float: 'left',
    marginRight: theme.spacing(1),
    [theme.breakpoints.up('sm')]: { float: 'none', marginRight: 0, minWidth: 48 },
  },
  '& .exec-body': { flex: 1, minWidth: 0 },
  '& .exec-question': { ...theme.typography.body1, margin: 0, overflowWrap: 'anywhere' },
  '& .exec-disabled': { color: theme.palette.text.disabled },
  '& .exec-hint': {
    ...theme.typography.body2,
    margin: 0,
    color: theme.palette.text.secondary,
    overflowWrap: 'anywhere',
  },
  '& .exec-chips': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(0.5),
    marginTop: theme.spacing(0.5),
  },
  '& .exec-chip': {
    ...theme.typography.body2,
    fontSize: theme.typography.pxToRem(13),
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    padding: '0 8px',
    borderRadius: 12,
    border: `1px solid ${theme.palette.grey[400]}`,
    color: theme.palette.text.primary,
    whiteSpace: 'nowrap',
  },
  '& .exec-chip-filled': {
    border: 'none',
    padding: '0 9px',
    backgroundColor: theme.palette.action.selected,
  },
  '& .exec-chip-success': {
    borderColor: theme.palette.success.main,
    color: theme.palette.success.dark,
  },
  '& .exec-actions': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(1),
    marginTop: theme.spacing(1),
    alignItems: 'center',
  },
});

/** The rows' style for the execution tab's list (GroupedList `rowsSx`). */
export const executionRowsSx = { '& .exec-row': rowSx } as SxProps<Theme>;

/**
 * One question of the execution tab with its findings inline and what an auditor does with a
 * finger: record a finding, answer "conforming" or "not applicable" in one touch, open a
 * finding, delete it (asked first), undo a closed question. Memoized: a list of a thousand
 * items re-renders only the rows whose document changed.
 */
export const ExecutionRowView = memo(function ExecutionRowView({
  row,
  labels,
  actions,
  quickTypes,
  vda,
  vdaStep,
  vdaView,
  followUp,
  followUpOf,
}: ExecutionRowViewProps) {
  const q = row.question;
  const no = q.no || '–';
  // A VDA *-question shows an asterisk, named in words.
  const specialRisk = vda?.specialRisk === true && vdaView !== undefined;
  const closed = row.itemState !== null;
  const importanceColor = labels.importanceColor(q.importance);
  return (
    <div
      className="exec-row"
      data-testid={`exec-row-${row.id}`}
      data-item-state={row.itemState ?? undefined}
    >
      <div className="exec-head">
        <p
          className="exec-no"
          aria-label={
            specialRisk
              ? `${labels.number} ${no}, ${vdaView?.labels.specialRisk ?? ''}`
              : `${labels.number} ${no}`
          }
          data-special-risk={specialRisk || undefined}
        >
          {no}
          {specialRisk && <span aria-hidden>*</span>}
        </p>
        <div className="exec-body">
          <p
            className={
              row.itemState === 'deactivated' ? 'exec-question exec-disabled' : 'exec-question'
            }
            data-testid="exec-question"
          >
            {q.text}
          </p>
          {q.hint && <p className="exec-hint">{`${labels.hint}: ${q.hint}`}</p>}
          <div className="exec-chips">
            {row.itemState === 'deactivated' && (
              <span className="exec-chip exec-chip-filled" data-testid="exec-not-applicable">
                {labels.notApplicable}
              </span>
            )}
            {row.itemState === 'completed' && (
              <span className="exec-chip exec-chip-success" data-testid="exec-completed">
                {labels.completed}
              </span>
            )}
            <span
              className="exec-chip"
              style={importanceColor ? { borderColor: importanceColor } : undefined}
            >
              {labels.importance(q.importance)}
            </span>
          </div>
          {followUp && followUpOf && <VdaFollowUpList measures={followUp} earlier={followUpOf} />}
          {vda && vdaView && !vda.deactivated && (
            <VdaRowEvaluation model={vda} step={vdaStep} view={vdaView} />
          )}
          {row.findings.length > 0 && (
            <Stack
              component="ul"
              spacing={0.5}
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
              data-testid="exec-findings"
            >
              {row.findings.map((finding) => (
                <FindingLine
                  key={finding.id}
                  row={row}
                  finding={finding}
                  labels={labels}
                  actions={actions}
                />
              ))}
            </Stack>
          )}
          <div className="exec-actions">
            {actions.add && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={() => actions.add?.(row)}
                aria-label={labels.addFinding(no)}
                data-testid="exec-add-finding"
              >
                {labels.addFinding('')}
              </Button>
            )}
            {actions.quick &&
              quickTypes
                .filter((type) => type.auditItemState !== row.itemState)
                .map((type) => (
                  <Button
                    key={type.id}
                    size="small"
                    color={type.auditItemState === 'completed' ? 'success' : 'inherit'}
                    variant="outlined"
                    startIcon={
                      type.auditItemState === 'completed' ? <AssignmentTurnedInIcon /> : undefined
                    }
                    onClick={() => actions.quick?.(row, type)}
                    aria-label={labels.quick(type, no)}
                    data-testid={`exec-quick-${type.id}`}
                  >
                    {labels.quickShort(type)}
                  </Button>
                ))}
            {closed && actions.reactivate && (
              <Button
                size="small"
                startIcon={<UndoIcon />}
                onClick={() => actions.reactivate?.(row)}
                aria-label={labels.reactivate(no)}
                data-testid="exec-reactivate"
              >
                {labels.reactivate('')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
});

function FindingLine({
  row,
  finding,
  labels,
  actions,
}: {
  row: ExecutionRow;
  finding: ExecutionFinding;
  labels: ExecutionRowLabels;
  actions: ExecutionRowActions;
}) {
  const type = labels.typeName(finding.importance);
  const open = actions.edit ?? actions.view;
  const { camera, attach } = actions;
  // On a phone the card takes the row's whole width, its text on a line of its own under the
  // type, and the card's buttons go below it: beside a chip and two buttons the text had 80 px
  // at 390 px and broke German words in the middle (issue 34.8a).
  return (
    <Box component="li" data-testid={`exec-finding-${finding.id}`}>
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center' }}>
        {/* Named by what it shows (type and text), as a sighted user reads it. */}
        <ButtonBase
          onClick={() => open(row, finding)}
          title={labels.editFinding(type)}
          sx={{
            flex: { xs: '1 1 100%', sm: '1 1 0' },
            minWidth: 0,
            minHeight: 44,
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            justifyContent: 'flex-start',
            textAlign: 'left',
            columnGap: 1,
            rowGap: 0.5,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'action.hover' },
          }}
          data-testid="exec-finding-open"
        >
          {/* The type's colour frames the chip; its text keeps the body colour (contrast). */}
          <Chip
            size="small"
            variant="outlined"
            label={type}
            icon={
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: labels.typeColor(finding.importance),
                }}
              />
            }
            sx={{
              borderColor: labels.typeColor(finding.importance),
              borderWidth: 2,
              fontWeight: 500,
              flexShrink: 0,
            }}
            data-testid="exec-finding-type"
          />
          {/* Wraps between words; only a word longer than the card breaks. */}
          <Typography
            variant="body2"
            sx={{
              flex: { xs: '1 1 100%', sm: '1 1 0' },
              order: { xs: 1, sm: 0 },
              minWidth: 0,
              overflowWrap: 'break-word',
            }}
            data-testid="exec-finding-text"
          >
            {finding.text}
          </Typography>
          {finding.mediaCount > 0 && (
            <Box
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', color: 'text.secondary' }}
              aria-label={labels.media(finding.mediaCount)}
              role="img"
            >
              <PhotoIcon fontSize="small" aria-hidden />
              <Typography variant="caption" aria-hidden>
                {finding.mediaCount}
              </Typography>
            </Box>
          )}
          {finding.geolocation && (
            <PlaceIcon
              fontSize="small"
              titleAccess={labels.position}
              sx={{ color: 'text.secondary' }}
              data-testid="exec-finding-position"
            />
          )}
        </ButtonBase>
        {(actions.createMeasure || actions.remove) && (
          <Box sx={{ display: 'flex', gap: 0.5, ml: { xs: 'auto', sm: 0.5 }, flexShrink: 0 }}>
            {actions.createMeasure && (
              <IconButton
                onClick={() => actions.createMeasure?.(row, finding)}
                aria-label={labels.createMeasure(finding.measureCount)}
                title={labels.createMeasure(finding.measureCount)}
                data-testid="exec-finding-measure"
              >
                {/* No badge at 0: a hidden one still holds its old count, which axe reads as text
                  the button's name lacks (label-content-name-mismatch). */}
                {finding.measureCount > 0 ? (
                  <Badge badgeContent={finding.measureCount} color="primary">
                    <AssignmentTurnedInIcon />
                  </Badge>
                ) : (
                  <AssignmentTurnedInIcon />
                )}
              </IconButton>
            )}
            {actions.remove && (
              <IconButton
                onClick={() => actions.remove?.(row, finding)}
                aria-label={labels.deleteFinding(type)}
                data-testid="exec-finding-delete"
              >
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        )}
      </Box>
      <MediaStrip
        media={finding.media}
        labels={labels.mediaStrip}
        onOpen={(index) => actions.openMedia(row, finding, index)}
        onCamera={camera ? () => camera(row, finding) : undefined}
        onAttach={attach ? (files) => attach(row, finding, files) : undefined}
      />
    </Box>
  );
}
