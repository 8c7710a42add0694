import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { TOUCH_TARGET } from '../../app/theme';
import { ListMoreActions } from '../../components/list/list-more-actions';
import type { ListMenuAction } from '../../components/list/list-types';
import { VISUALLY_HIDDEN } from '../../lib/dom/visually-hidden';

/**
 * The header's column over the row's menu: the link's right padding (16), the gap (8), the menu
 * button (44) and the row's right padding (8), less one column gap.
 */
export const ACTIONS_COLUMN = `${16 + 8 + TOUCH_TARGET + 8 - 16}px`;

/** Below md a row is a card: the name, then each value with its label, wrapping. */
export function matrixGridSx(rowColumns: string) {
  return {
    display: { xs: 'flex', md: 'grid' },
    flexWrap: 'wrap',
    gridTemplateColumns: rowColumns,
    alignItems: 'center',
    columnGap: 2,
    rowGap: 0.5,
  } as const;
}

/**
 * A matrix row's look in one style for all rows, its cells plain elements with the classes
 * `${prefix}-name`, `${prefix}-value` (`-value-empty`) and `${prefix}-label`: the label is seen in
 * the card layout and only heard on md and wider (under the header); an empty value keeps its
 * column on md and wider.
 */
export function matrixRowSx(
  theme: Theme,
  prefix: string,
  rowColumns: string,
  extraNameSx: Record<string, string> = {},
) {
  return {
    ...matrixGridSx(rowColumns),
    [`& .${prefix}-name`]: {
      ...theme.typography.body1,
      margin: 0,
      minWidth: 0,
      flexBasis: '100%',
      fontWeight: 500,
      color: theme.palette.primary.main,
      ...extraNameSx,
      [theme.breakpoints.up('md')]: { flexBasis: 'auto' },
    },
    [`& .${prefix}-value`]: { ...theme.typography.body2, margin: 0, overflowWrap: 'anywhere' },
    [`& .${prefix}-value-empty`]: {
      display: 'none',
      [theme.breakpoints.up('md')]: { display: 'block' },
    },
    [`& .${prefix}-label`]: {
      color: theme.palette.text.secondary,
      [theme.breakpoints.up('md')]: VISUALLY_HIDDEN,
    },
  };
}

/** The column names over the rows (md and wider); names, not headings. */
export function MatrixHeader({
  rowColumns,
  columns,
  testId,
}: {
  rowColumns: string;
  /** The translated column names, the menu's last. */
  columns: readonly { key: string; label: string }[];
  testId: string;
}) {
  return (
    <Box
      sx={{
        ...matrixGridSx(rowColumns),
        gridTemplateColumns: `${rowColumns} ${ACTIONS_COLUMN}`,
        display: { xs: 'none', md: 'grid' },
        pl: 2,
        py: 1,
      }}
      data-testid={testId}
    >
      {columns.map(({ key, label }) => (
        // Column names, not headings: subtitle2 renders an h6, which broke the heading order.
        <Typography key={key} variant="subtitle2" component="span" color="text.secondary" noWrap>
          {label}
        </Typography>
      ))}
    </Box>
  );
}

/** A row's labelled values in column order (see matrixRowSx). */
export function MatrixValueCells<K extends string, L extends string>({
  prefix,
  columns,
  cell,
  label,
}: {
  prefix: string;
  /** Each value's key in `cell` and its label's key. */
  columns: readonly (readonly [K, L])[];
  cell: Readonly<Record<K, string>>;
  label: (labelKey: L) => string;
}) {
  return columns.map(([key, labelKey]) => (
    <p
      key={key}
      className={cell[key] ? `${prefix}-value` : `${prefix}-value ${prefix}-value-empty`}
    >
      {cell[key] && <span className={`${prefix}-label`}>{`${label(labelKey)}: `}</span>}
      {cell[key]}
    </p>
  ));
}

export interface MatrixRowAction {
  label: string;
  onClick: () => void;
  testId: string;
}

/**
 * Edit and delete in the row's menu, delete apart at its end; a spacer keeps the columns in line
 * with the header where the person may do neither.
 */
export function MatrixRowMenu({
  edit,
  remove,
  label,
  testId,
}: {
  edit?: MatrixRowAction;
  remove?: MatrixRowAction;
  label: string;
  testId: string;
}) {
  const actions: ListMenuAction[] = [];
  if (edit)
    actions.push({
      id: 'edit',
      label: edit.label,
      icon: <EditIcon fontSize="small" />,
      onClick: edit.onClick,
      testId: edit.testId,
    });
  if (remove)
    actions.push({
      id: 'delete',
      label: remove.label,
      icon: <DeleteIcon fontSize="small" />,
      onClick: remove.onClick,
      danger: true,
      testId: remove.testId,
    });
  if (actions.length === 0)
    return <Box sx={{ width: TOUCH_TARGET, display: { xs: 'none', md: 'block' } }} />;
  return <ListMoreActions actions={actions} label={label} testId={testId} />;
}
