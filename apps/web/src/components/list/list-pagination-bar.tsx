import Box from '@mui/material/Box';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import { pageCount, visiblePageNumbers } from '@qa/domain';
import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import { CompactSelect } from '../form/compact-select';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';
import { pageRange } from './list-pagination';

/** Loaded when "All" is first chosen (issue 18: not part of a list's first load). */
const ListShowAllDialog = lazyComponent(
  () => import('./list-show-all-dialog'),
  (m) => m.ListShowAllDialog,
);

/** Select value of the "All" page size (null cannot be a select value). */
const ALL = 'all';

interface ListPaginationBarProps {
  itemCount: number;
  /** 1-based, already inside 1..pageCount. */
  page: number;
  pageSize: number | null;
  pageSizes: readonly (number | null)[];
  /** SPEC section 9: 7 page numbers are visible. */
  visiblePages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number | null) => void;
}

/**
 * Items-per-page selector, "1–25 of 300" and the page buttons. Choosing "All" first asks, since
 * rendering every item can take long (SPEC section 2). Memoized, as the search box (issue 18).
 */
export const ListPaginationBar = memo(function ListPaginationBar({
  itemCount,
  page,
  pageSize,
  pageSizes,
  visiblePages,
  onPageChange,
  onPageSizeChange,
}: ListPaginationBarProps) {
  const { t } = useTranslation();
  const [confirmAll, setConfirmAll] = useState(false);
  const confirmMounted = useMountedOnce(confirmAll);
  const total = pageCount(itemCount, pageSize);
  const { start, end } = pageRange(page, itemCount, pageSize);

  const onSelect = (value: string) => {
    if (value === ALL) {
      if (pageSize !== null) setConfirmAll(true);
    } else {
      onPageSizeChange(Number(value));
    }
  };

  const pageButton = (
    type: 'first' | 'previous' | 'next' | 'last',
    target: number,
    label: string,
  ) => (
    <li>
      <PaginationItem
        type={type}
        aria-label={label}
        disabled={target === page || target < 1 || target > total}
        onClick={() => onPageChange(target)}
      />
    </li>
  );

  return (
    <Box
      component="nav"
      aria-label={t('list.pagination')}
      data-testid="list-pagination"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 2,
        py: 1,
      }}
    >
      <CompactSelect
        label={t('list.itemsPerPage')}
        value={pageSize === null ? ALL : String(pageSize)}
        options={pageSizes.map((size) =>
          size === null
            ? { value: ALL, label: t('list.all') }
            : { value: String(size), label: String(size) },
        )}
        onChange={onSelect}
        testId="list-page-size"
        sx={{ minWidth: 140 }}
      />
      <Typography variant="body2" data-testid="list-range">
        {t('list.range', { from: itemCount === 0 ? 0 : start + 1, to: end, count: itemCount })}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {pageButton('first', 1, t('list.firstPage'))}
        {pageButton('previous', page - 1, t('list.previousPage'))}
        {visiblePageNumbers(page, total, visiblePages).map((number) => (
          <li key={number}>
            <PaginationItem
              type="page"
              page={number}
              selected={number === page}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('list.page', { page: number })}
              onClick={() => onPageChange(number)}
            />
          </li>
        ))}
        {pageButton('next', page + 1, t('list.nextPage'))}
        {pageButton('last', total, t('list.lastPage'))}
      </Box>
      {confirmMounted && (
        <Suspense fallback={null}>
          <ListShowAllDialog
            open={confirmAll}
            itemCount={itemCount}
            onCancel={() => setConfirmAll(false)}
            onConfirm={() => {
              setConfirmAll(false);
              onPageSizeChange(null);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
});
