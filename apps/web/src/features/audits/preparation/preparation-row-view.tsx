import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { PreparationRow } from './preparation-rows';

/** Texts and lookups every row shares, built once per language by the tab. */
export interface RowLabels {
  category: (row: PreparationRow) => string;
  importance: (id: string) => string;
  importanceColor: (id: string) => string | undefined;
  deactivated: string;
  completed: string;
  hint: string;
  chapters: string;
  number: string;
  /** The assigned auditor's name ('User: {id}' when unknown here). */
  auditor: (id: string) => string;
  /** An audit day in the user's language. */
  auditDay: (day: string) => string;
  edit: (no: string) => string;
  deactivate: (no: string) => string;
  reactivate: (no: string) => string;
  remove: (no: string) => string;
}

export interface RowActions {
  edit?: (row: PreparationRow) => void;
  /** Deactivate, or reactivate (undo) a deactivated or completed item. */
  toggleActive?: (row: PreparationRow) => void;
  remove?: (row: PreparationRow) => void;
}

interface PreparationRowViewProps {
  row: PreparationRow;
  labels: RowLabels;
  actions: RowActions;
}

/**
 * One question of the preparation list. Memoized and without hooks of its own: a list of a
 * thousand items re-renders only the rows whose document changed.
 */
export const PreparationRowView = memo(function PreparationRowView({
  row,
  labels,
  actions,
}: PreparationRowViewProps) {
  const q = row.question;
  const inactive = row.itemState === 'deactivated';
  const no = q.no || '–';
  const importanceColor = labels.importanceColor(q.importance);
  return (
    <Box
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
      data-testid={`item-row-${row.id}`}
      data-deactivated={inactive || undefined}
    >
      <Typography
        sx={{ minWidth: 48, fontWeight: 500, color: inactive ? 'text.disabled' : undefined }}
        aria-label={`${labels.number} ${no}`}
      >
        {no}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          sx={{
            textDecoration: inactive ? 'line-through' : undefined,
            color: inactive ? 'text.disabled' : undefined,
            overflowWrap: 'anywhere',
          }}
          data-testid="item-text"
        >
          {q.text}
        </Typography>
        {q.hint && (
          <Typography
            variant="body2"
            color={inactive ? 'text.disabled' : 'text.secondary'}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {`${labels.hint}: ${q.hint}`}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
          {inactive && (
            <Chip size="small" label={labels.deactivated} data-testid="item-deactivated" />
          )}
          {row.itemState === 'completed' && (
            <Chip size="small" color="success" variant="outlined" label={labels.completed} />
          )}
          <Chip size="small" variant="outlined" label={labels.category(row)} />
          <Chip
            size="small"
            variant="outlined"
            label={labels.importance(q.importance)}
            sx={importanceColor ? { borderColor: importanceColor } : undefined}
          />
          {q.assignedAuditor && (
            <Chip
              size="small"
              variant="outlined"
              label={labels.auditor(q.assignedAuditor)}
              data-testid="item-auditor"
            />
          )}
          {q.auditDay && (
            <Chip size="small" variant="outlined" label={labels.auditDay(q.auditDay)} />
          )}
          {q.chapters.length > 0 && (
            <Tooltip title={q.chapters.map((c) => `${c.id} ${c.description}`).join(' · ')}>
              <Chip
                size="small"
                variant="outlined"
                label={`${labels.chapters}: ${q.chapters.map((c) => c.id).join(', ')}`}
              />
            </Tooltip>
          )}
        </Stack>
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        {actions.edit && (
          <IconButton aria-label={labels.edit(no)} onClick={() => actions.edit?.(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        )}
        {actions.toggleActive &&
          (row.itemState === null ? (
            <IconButton
              aria-label={labels.deactivate(no)}
              onClick={() => actions.toggleActive?.(row)}
            >
              <BlockIcon fontSize="small" />
            </IconButton>
          ) : (
            <IconButton
              aria-label={labels.reactivate(no)}
              onClick={() => actions.toggleActive?.(row)}
            >
              <UndoIcon fontSize="small" />
            </IconButton>
          ))}
        {actions.remove && (
          <IconButton aria-label={labels.remove(no)} onClick={() => actions.remove?.(row)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Box>
  );
});
