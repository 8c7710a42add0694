import AddIcon from '@mui/icons-material/Add';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhotoIcon from '@mui/icons-material/PhotoOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FindingType } from '@qa/domain';
import { memo } from 'react';
import type { ExecutionFinding, ExecutionRow } from './execution-rows';
import { MediaStrip, type MediaStripLabels } from './media/media-strip';
import { LazyTooltip } from '../../../components/tooltip/lazy-tooltip';

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
  createMeasure: string;
  measuresLater: string;
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
}

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
}: ExecutionRowViewProps) {
  const q = row.question;
  const no = q.no || '–';
  const closed = row.itemState !== null;
  const importanceColor = labels.importanceColor(q.importance);
  return (
    <Box data-testid={`exec-row-${row.id}`} data-item-state={row.itemState ?? undefined}>
      <Box sx={{ display: { xs: 'block', sm: 'flex' }, gap: 1.5, alignItems: 'flex-start' }}>
        <Typography
          sx={{
            float: { xs: 'left', sm: 'none' },
            mr: { xs: 1, sm: 0 },
            minWidth: { sm: 48 },
            fontWeight: 500,
          }}
          aria-label={`${labels.number} ${no}`}
        >
          {no}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            sx={{
              overflowWrap: 'anywhere',
              color: row.itemState === 'deactivated' ? 'text.disabled' : undefined,
            }}
            data-testid="exec-question"
          >
            {q.text}
          </Typography>
          {q.hint && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {`${labels.hint}: ${q.hint}`}
            </Typography>
          )}
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {row.itemState === 'deactivated' && (
              <Chip size="small" label={labels.notApplicable} data-testid="exec-not-applicable" />
            )}
            {row.itemState === 'completed' && (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                label={labels.completed}
                data-testid="exec-completed"
              />
            )}
            <Chip
              size="small"
              variant="outlined"
              label={labels.importance(q.importance)}
              sx={importanceColor ? { borderColor: importanceColor } : undefined}
            />
          </Stack>
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
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mt: 1, alignItems: 'center' }}
          >
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
          </Stack>
        </Box>
      </Box>
    </Box>
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
  return (
    <Box component="li" data-testid={`exec-finding-${finding.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {/* Named by what it shows (type and text), as a sighted user reads it. */}
        <ButtonBase
          onClick={() => open(row, finding)}
          title={labels.editFinding(type)}
          sx={{
            flex: 1,
            minWidth: 0,
            minHeight: 44,
            justifyContent: 'flex-start',
            textAlign: 'left',
            gap: 1,
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
          <Typography
            variant="body2"
            sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
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
        {/* Issue 11.8: measures arrive with their own issue; the place is kept, disabled. */}
        <LazyTooltip title={labels.measuresLater}>
          <span>
            <IconButton disabled aria-label={labels.createMeasure}>
              <AssignmentTurnedInIcon />
            </IconButton>
          </span>
        </LazyTooltip>
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
