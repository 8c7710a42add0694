import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Narrow columns for the numbers (kept on one line), the first column wraps: fits 360 px. */
const cellSx = {
  px: 1,
  '&:first-of-type': { overflowWrap: 'anywhere' },
  '&:not(:first-of-type)': { textAlign: 'right' },
  '&.MuiTableCell-body:not(:first-of-type)': { whiteSpace: 'nowrap' },
} as const;

/**
 * The comparison's table: a caption, then what is compared (a category, a VDA level), before,
 * now and the change; the rows are the caller's.
 */
export function ComparisonTable({
  caption,
  firstColumn,
  testId,
  children,
}: {
  caption: string;
  firstColumn: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      sx={{ tableLayout: 'auto', mb: 2, '& td, & th': cellSx }}
      data-testid={testId}
    >
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 0' }}>
        {caption}
      </caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{firstColumn}</TableCell>
          <TableCell scope="col">{t('reporting.comparison.before')}</TableCell>
          <TableCell scope="col">{t('reporting.comparison.now')}</TableCell>
          <TableCell scope="col">{t('reporting.comparison.change')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
