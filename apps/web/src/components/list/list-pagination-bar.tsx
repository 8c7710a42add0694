import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { pageCount, visiblePageNumbers } from '@qa/domain';
import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import { COARSE_POINTER, TOUCH_TARGET } from '../../app/theme';
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

/**
 * The page buttons: plain buttons in the look of MUI's text PaginationItem (32 px round, 44 px
 * for a finger), styled once on their list. MUI's PaginationItem brought its button base, its
 * ripple and six variants' styles into every paged list's first load (issue 40).
 */
function pageButtonsSx(theme: Theme) {
  return {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    listStyle: 'none',
    m: 0,
    p: 0,
    '& button': {
      ...theme.typography.body2,
      boxSizing: 'border-box',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: 32,
      height: 32,
      margin: '0 3px',
      padding: '0 6px',
      border: 0,
      borderRadius: '16px',
      background: 'none',
      color: theme.palette.text.primary,
      cursor: 'pointer',
      '@media (hover: hover)': {
        '&:hover:not(:disabled)': { backgroundColor: theme.palette.action.hover },
      },
      '&:focus-visible': theme.focusVisible,
      '&:disabled': { color: theme.palette.action.disabled, cursor: 'default' },
      '&[aria-current="page"]': { backgroundColor: theme.palette.action.selected },
      '& svg': { width: '1.25rem', height: '1.25rem', fill: 'currentColor' },
      [COARSE_POINTER]: { minWidth: TOUCH_TARGET, height: TOUCH_TARGET, borderRadius: '22px' },
    },
  } as const;
}

/** MUI's FirstPage, NavigateBefore, NavigateNext and LastPage icons. */
const PAGE_ICONS = {
  first: 'M18.41 16.59L13.82 12l4.59-4.59L17 6l-6 6 6 6zM6 6h2v12H6z',
  previous: 'M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  next: 'M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  last: 'M5.59 7.41L10.18 12l-4.59 4.59L7 18l6-6-6-6zM16 6h2v12h-2z',
};

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
      <button
        type="button"
        aria-label={label}
        disabled={target === page || target < 1 || target > total}
        onClick={() => onPageChange(target)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={PAGE_ICONS[type]} />
        </svg>
      </button>
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
      <Box component="ul" sx={pageButtonsSx}>
        {pageButton('first', 1, t('list.firstPage'))}
        {pageButton('previous', page - 1, t('list.previousPage'))}
        {visiblePageNumbers(page, total, visiblePages).map((number) => (
          <li key={number}>
            <button
              type="button"
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('list.page', { page: number })}
              onClick={() => onPageChange(number)}
            >
              {number}
            </button>
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
