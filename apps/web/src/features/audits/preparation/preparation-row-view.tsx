import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { ListMoreActions } from '../../../components/list/list-more-actions';
import type { ListMenuAction } from '../../../components/list/list-types';
import type { PreparationRow } from './preparation-rows';
import { LazyTooltip } from '../../../components/tooltip/lazy-tooltip';

/** Texts and lookups every row shares, built once per language by the tab. */
export interface RowLabels {
  category: (row: PreparationRow) => string;
  importance: (id: string) => string;
  importanceColor: (id: string) => string | undefined;
  deactivated: string;
  completed: string;
  hint: string;
  chapters: string;
  /** "5 Führung": a chapter reference, a default standard's title in the user's language. */
  chapter?: (chapter: PreparationRow['question']['chapters'][number]) => string;
  number: string;
  /** Read after the number of a *-question (VDA 6.3, issue 19): "special-risk question". */
  specialRisk?: string;
  /** The assigned auditor's name ('User: {id}' when unknown here). */
  auditor: (id: string) => string;
  /** An audit day in the user's language. */
  auditDay: (day: string) => string;
  edit: (no: string) => string;
  deactivate: (no: string) => string;
  reactivate: (no: string) => string;
  remove: (no: string) => string;
  /** Name of a row's more-actions button. */
  more: (no: string) => string;
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
}

/**
 * One question of the preparation list: what it says, no controls (the list makes the whole
 * row the button that opens it, and puts the row's menu beside it). Memoized and without hooks
 * of its own: a list of a thousand items re-renders only the rows whose document changed. On a
 * phone the number floats at the text's start, so the text keeps the row's width.
 */
export const PreparationRowView = memo(function PreparationRowView({
  row,
  labels,
}: PreparationRowViewProps) {
  const q = row.question;
  const inactive = row.itemState === 'deactivated';
  const no = q.no || '–';
  const importanceColor = labels.importanceColor(q.importance);
  return (
    <Box
      sx={{ display: { xs: 'block', sm: 'flex' }, gap: 1.5, alignItems: 'flex-start' }}
      data-testid={`item-row-${row.id}`}
      data-deactivated={inactive || undefined}
    >
      <Typography
        sx={{
          float: { xs: 'left', sm: 'none' },
          mr: { xs: 1, sm: 0 },
          minWidth: { sm: 48 },
          fontWeight: 500,
          color: inactive ? 'text.disabled' : undefined,
        }}
        aria-label={
          q.specialRisk
            ? `${labels.number} ${no}, ${labels.specialRisk ?? '*'}`
            : `${labels.number} ${no}`
        }
        data-testid="item-no"
      >
        {no}
        {/* A *-question (VDA 6.3 special risk) shows its asterisk right after the number. */}
        {q.specialRisk && (
          <Box component="span" aria-hidden data-testid="item-special-risk">
            *
          </Box>
        )}
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
            <LazyTooltip
              title={q.chapters
                .map((c) => labels.chapter?.(c) ?? `${c.id} ${c.description}`)
                .join(' · ')}
            >
              <Chip
                size="small"
                variant="outlined"
                label={`${labels.chapters}: ${q.chapters.map((c) => c.id).join(', ')}`}
              />
            </LazyTooltip>
          )}
        </Stack>
      </Box>
    </Box>
  );
});

interface PreparationRowMenuProps {
  row: PreparationRow;
  labels: RowLabels;
  actions: RowActions;
}

/**
 * A row's more-actions menu: edit, deactivate or reactivate, and delete apart at the end (it
 * asks before it deletes). Nothing when the person may do none of these.
 */
export const PreparationRowMenu = memo(function PreparationRowMenu({
  row,
  labels,
  actions,
}: PreparationRowMenuProps) {
  const no = row.question.no || '–';
  const entries: ListMenuAction[] = [];
  const { edit, toggleActive, remove } = actions;
  if (edit)
    entries.push({
      id: 'edit',
      label: labels.edit(no),
      icon: <EditIcon fontSize="small" />,
      onClick: () => edit(row),
      testId: 'item-edit',
    });
  if (toggleActive)
    entries.push(
      row.itemState === null
        ? {
            id: 'deactivate',
            label: labels.deactivate(no),
            icon: <BlockIcon fontSize="small" />,
            onClick: () => toggleActive(row),
            testId: 'item-deactivate',
          }
        : {
            id: 'reactivate',
            label: labels.reactivate(no),
            icon: <UndoIcon fontSize="small" />,
            onClick: () => toggleActive(row),
            testId: 'item-reactivate',
          },
    );
  if (remove)
    entries.push({
      id: 'delete',
      label: labels.remove(no),
      icon: <DeleteIcon fontSize="small" />,
      onClick: () => remove(row),
      danger: true,
      testId: 'item-delete',
    });
  if (entries.length === 0) return null;
  return (
    <ListMoreActions actions={entries} label={labels.more(no)} testId={`item-menu-${row.id}`} />
  );
});
