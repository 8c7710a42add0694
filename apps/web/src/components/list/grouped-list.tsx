/*
 * The generic grouped list (SPEC section 2 "Generic grouped list", section 9 page sizes). Every
 * list screen maps its documents to items and hands them in; the list does search, facets,
 * sorting, grouping and pagination on them. Usage:
 *
 *   const lists = useConfigSegment('lists');              // the screen's way to the segment
 *   const config = resolveListConfig(lists, 'audititems');
 *   const fields = useMemo(() => ({ answered: (item: Row) => item.findings.length > 0 }), []);
 *   <GroupedList
 *     items={rows}                                         // one Row per audit item document
 *     getId={(row) => row.id}
 *     config={config}
 *     fields={fields}                                      // computed or re-shaped fields
 *     getSearchText={(row) => `${row.question.text} ${row.question.hint}`}
 *     formatValue={(field, value) => (field === 'question.category_id' ? names[value] : value)}
 *     renderRow={(row) => <ListItemText primary={row.question.text} />}
 *     getRowOpen={(row) => ({ onOpen: () => edit(row) })}   // the whole row opens the item
 *     renderRowActions={(row) => <ListMoreActions actions={rowActions(row)} label={...} />}
 *     getSyncState={(row) => row.syncState}
 *     loading={loading}
 *     emptyText={noItemsText}
 *     actions={<Button onClick={create}>{addText}</Button>}
 *     moreActions={[{ id: 'import', label: importText, onClick: openImport }]}
 *   />
 *
 * A toolbar menu entry's `onClick` gets the items as listed (filtered and sorted, all pages):
 * `moreActions={[{ id: 'export', label, onClick: (listed) => exportRows(listed) }]}`.
 *
 * Pass `fields`, `getSearchText`, `formatValue` and `comparators` stable (module scope or
 * useMemo/useCallback): the list indexes its items again when they change.
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import SortIcon from '@mui/icons-material/Sort';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import ViewAgendaOutlinedIcon from '@mui/icons-material/ViewAgendaOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  DEFAULT_APP_CONFIG,
  DEFAULT_LISTS_CONFIG,
  paginationVisible,
  truncateLabel,
  type ListConfig,
  type LocalizedText,
} from '@qa/domain';
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  Suspense,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useInRouterContext, useSearchParams } from 'react-router';
import { lazyComponent, optionalComponent } from '../../app/chunk-load';
import { COARSE_POINTER } from '../../app/theme';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';
import { useLanguage } from '../../lib/i18n/use-language';
import { SyncStateIcon, type SyncState } from '../../lib/sync/sync-state-icon';
import { defaultSearchText, fieldValues, readField, type ListFieldReaders } from './list-fields';
import {
  activeFilterCount,
  filterItems,
  filtersEqual,
  indexItems,
  removeFacetValue,
  sanitizeFilter,
  searchTerms,
  selectedValues,
  toggleFacetValue,
  type FacetFilter,
} from './list-filter';
import type { FilterChip } from './list-filter-chips';
import type { PanelFacet } from './list-filter-panel';
import { ListGroupHeader } from './list-group-header';
import { groupItems, type ListGroup } from './list-grouping';
import { ListMoreActions } from './list-more-actions';
import { ListPaginationBar } from './list-pagination-bar';
import { clampPage, defaultPageSize, pageRange } from './list-pagination';
import { readStoredPageSize, storePageSize } from './list-page-size-store';
import { LIST_RENDERED_MARK } from './list-marks';
import { ListSearchBox } from './list-search-box';
import {
  compareDefault,
  sortItems,
  type SortDirection,
  type ValueComparator,
} from './list-sorting';
import type {
  ListGroupHeaderContext,
  ListMenuAction,
  ListRowContext,
  ListRowOpen,
  ListTextLimits,
  ListToolbarAction,
  ListView,
} from './list-types';
import { readListUrlState, writeListUrlState, type ListUrlState } from './list-url-state';

/**
 * The filter and sort drawers load when first opened: their checkboxes, radios and facet lists
 * are not part of a list's first load (issue 18).
 */
const ListDrawer = lazyComponent(
  () => import('./list-drawer'),
  (m) => m.ListDrawer,
);
const ListFilterPanel = lazyComponent(
  () => import('./list-filter-panel'),
  (m) => m.ListFilterPanel,
);
const ListSortPanel = lazyComponent(
  () => import('./list-sort-panel'),
  (m) => m.ListSortPanel,
);
/**
 * The chips of the active filters load with the first filter (issue 40: MUI's Chip was part of
 * every list's first load). Without its chunk (a first visit gone offline) the list goes on
 * without them: the filter button's count still tells that a filter is on.
 */
const ListFilterChips = optionalComponent(
  () => import('./list-filter-chips'),
  (m) => m.ListFilterChips,
  () => null,
  "The active filters' chips",
);

export interface GroupedListProps<T> {
  /** The screen's items (its documents mapped to what its rows need). */
  items: readonly T[];
  /** Unique per item; the React key of its row. */
  getId: (item: T) => string;
  /**
   * The list's configuration: `resolveListConfig(lists, listKey)` of the `lists` segment. With
   * its `listKey` (useListConfig adds it), the chosen page size is kept per list on this device.
   */
  config: ListConfig & { listKey?: string };
  /**
   * Content of one row (inside the list's `li`; no outer `li` of its own). With `getRowOpen` it
   * sits inside the row's link or button, so it must hold no controls of its own.
   */
  renderRow: (item: T, context: ListRowContext<T>) => ReactNode;
  /**
   * Styles of the rows' content, given once for the whole list (nested selectors on class names
   * the rows use) instead of an `sx` in every row, which a slow phone pays for per row.
   */
  rowsSx?: SxProps<Theme>;
  /**
   * What touching the row does (DESIGN section 7: the whole row is the target that opens its
   * item): a link or a button around the row's content, named by that content. Undefined for
   * an item that cannot be opened.
   */
  getRowOpen?: (item: T) => ListRowOpen | undefined;
  /** Controls at the row's end, outside the open target (a row's more-actions menu). */
  renderRowActions?: (item: T) => ReactNode;
  /** Non-interactive content of a group header (it sits inside the toggle button). */
  renderGroupHeader?: (context: ListGroupHeaderContext<T>) => ReactNode;
  /** Readers per configured field path; default: the path read from the item. */
  fields?: ListFieldReaders<T>;
  /** Comparators per field path for sorting and group order; default: `compareDefault`. */
  comparators?: Readonly<Record<string, ValueComparator>>;
  /** The full-text search's text of an item; default: every text and number inside it. */
  getSearchText?: (item: T) => string;
  /** Display text of a field value (facet checkbox, chip, group title); default: the value. */
  formatValue?: (field: string, value: string) => string;
  /** Per-row sync state icon (SPEC section 4), shown at the row's end. */
  getSyncState?: (item: T) => SyncState | undefined;
  /** Shown when there are no items at all; default "No entries". */
  emptyText?: ReactNode;
  loading?: boolean;
  /** Accessible name of the list (e.g. the screen's title). */
  label?: string;
  /** Shown above the rows (column headings). */
  header?: ReactNode;
  /** Extra toolbar controls, after the search box (e.g. a create button). */
  actions?: ReactNode;
  /**
   * The toolbar's more-actions menu. Each entry's `onClick` gets the listed items: filtered by
   * search and facets, in the current sort order, all pages, each item once (`ListToolbarAction`),
   * e.g. `{ id: 'export', label, onClick: (listed) => exportRows(listed) }` exports "the filtered
   * list". Pass the array stable (useMemo): it is bound to the listed items once per change of
   * either, not per render.
   */
  moreActions?: readonly ListToolbarAction<T>[];
  /** Start in group view (only when the configuration has groupings). */
  defaultView?: ListView;
  /**
   * Keep search and filter in `?q=&filter=` (default true; needs a router). Turn off for a list
   * in a dialog, so it does not take over the page's URL.
   */
  urlState?: boolean;
  /** From the lists segment (defaults: 7 pages, 100 facet values per page). */
  visiblePages?: number;
  facetPanelPageSize?: number;
  /** From the app segment (defaults: 500 ms, 330 px, chips 36 and group titles 90). */
  searchDebounceMs?: number;
  filterDrawerWidth?: number;
  textLimits?: ListTextLimits;
  /** Level of the group headings (default 2: the list sits under the page's h1). */
  groupHeadingLevel?: 2 | 3 | 4;
  /**
   * An item to bring on screen: the list turns to its page and opens its group, once per id
   * (the caller scrolls to and focuses the row, whose content it knows).
   */
  revealId?: string | null;
}

/** One row of the current page. */
interface Row<T> {
  item: T;
  group: ListGroup<T> | null;
}

const EMPTY_FILTER: FacetFilter = {};

/**
 * The list, with its search and filter in the URL when it is inside a router (and `urlState`
 * is not off), else in memory only.
 */
const NO_ITEMS: readonly never[] = [];
/** Rows rendered before the rest of the first page: about a screenful on a tablet. */
const FIRST_ROWS = 10;

/**
 * How many rows a page shows after `shown` were rendered: a screenful more, or a quarter more on
 * long pages, so each step's commit stays short (issue 40: the execution tab's 50 further
 * questions in one commit were a long task of 100-200 ms on a phone) and a page of a thousand
 * rows still needs only about twenty steps.
 */
export function nextRowCount(shown: number): number {
  return shown + Math.max(FIRST_ROWS, Math.floor(shown / 4));
}

export function GroupedList<T>(listProps: GroupedListProps<T>) {
  const inRouter = useInRouterContext();
  // The `app` configuration segment sets the search delay, the filter drawer's width and where
  // long texts are cut, unless the caller says otherwise.
  const app = useConfigSegment('app');
  const props: GroupedListProps<T> = {
    searchDebounceMs: app.timeouts.searchDebounceMs,
    filterDrawerWidth: app.drawers.filterWidth,
    textLimits: app.textLimits,
    ...listProps,
  };
  return props.urlState !== false && inRouter ? (
    <UrlGroupedList {...props} />
  ) : (
    <GroupedListView {...props} />
  );
}

/**
 * Reads `?q=` and `?filter=` once on mount and writes them back (replacing the history entry,
 * so typing does not fill the back button) when the list's state has settled.
 */
function UrlGroupedList<T>(props: GroupedListProps<T>) {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => readListUrlState(params));
  const onStateSettled = useCallback(
    (state: ListUrlState) => {
      setParams((current) => writeListUrlState(current, state), { replace: true });
    },
    [setParams],
  );
  return <GroupedListView {...props} initialState={initial} onStateSettled={onStateSettled} />;
}

interface GroupedListViewProps<T> extends GroupedListProps<T> {
  initialState?: ListUrlState;
  onStateSettled?: (state: ListUrlState) => void;
}

function GroupedListView<T>({
  items,
  getId,
  config,
  renderRow,
  rowsSx: extraRowsSx,
  getRowOpen,
  renderRowActions,
  renderGroupHeader,
  fields,
  comparators,
  getSearchText,
  formatValue,
  getSyncState,
  emptyText,
  loading = false,
  label,
  header,
  actions,
  moreActions,
  defaultView = 'list',
  visiblePages = DEFAULT_LISTS_CONFIG.visiblePages,
  facetPanelPageSize = DEFAULT_LISTS_CONFIG.facetPanelPageSize,
  searchDebounceMs = DEFAULT_APP_CONFIG.timeouts.searchDebounceMs,
  filterDrawerWidth = DEFAULT_APP_CONFIG.drawers.filterWidth,
  textLimits = DEFAULT_APP_CONFIG.textLimits,
  groupHeadingLevel = 2,
  revealId = null,
  initialState,
  onStateSettled,
}: GroupedListViewProps<T>) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const baseId = useId();
  const localized = useCallback((text: LocalizedText) => text[language], [language]);
  const format = useCallback(
    (field: string, value: string) => (formatValue ? formatValue(field, value) : value),
    [formatValue],
  );

  // ---- State. Query and filter start from the URL; the filter keeps facets the configuration
  // does not (yet) have, but only the configured ones take effect.
  const [query, setQuery] = useState(() => initialState?.query ?? '');
  const [filter, setFilter] = useState<FacetFilter>(() => initialState?.filter ?? EMPTY_FILTER);
  const [sortChoice, setSortChoice] = useState<{ id: string; direction: SortDirection } | null>(
    null,
  );
  const [view, setView] = useState<ListView>(defaultView);
  const [groupingId, setGroupingId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [page, setPage] = useState(1);
  const listKey = config.listKey;
  const [pageSizeChoice, setPageSize] = useState<number | null | undefined>(() =>
    listKey === undefined ? undefined : readStoredPageSize(listKey),
  );
  const [drawer, setDrawer] = useState<'filter' | 'sort' | null>(null);
  const rowStyles = useMemo<SxProps<Theme>>(
    () =>
      extraRowsSx
        ? [rowsSx, ...(Array.isArray(extraRowsSx) ? extraRowsSx : [extraRowsSx])]
        : rowsSx,
    [extraRowsSx],
  );

  const facets = config.aggregations;
  const facetIds = useMemo(() => facets.map((facet) => facet.id), [facets]);
  const activeFilter = useMemo(() => sanitizeFilter(filter, facetIds), [filter, facetIds]);
  const sorting =
    config.sortings.find((entry) => entry.id === (sortChoice?.id ?? config.defaultSorting)) ??
    config.sortings[0]!;
  const direction = sortChoice?.direction ?? sorting.order;
  const grouping =
    config.groupings.find((entry) => entry.id === groupingId) ?? config.groupings[0] ?? null;
  const grouped = view === 'group' && grouping !== null;
  const pageSize =
    pageSizeChoice !== undefined && config.pageSizes.includes(pageSizeChoice)
      ? pageSizeChoice
      : defaultPageSize(config.pageSizes);

  // ---- URL: written once the state has settled. The search text arrives already debounced by
  // the search box; a filter change waits for its own pause (several ticks, one write).
  const written = useRef<ListUrlState>({
    query: initialState?.query ?? '',
    filter: initialState?.filter ?? EMPTY_FILTER,
  });
  useEffect(() => {
    if (!onStateSettled) return;
    const last = written.current;
    const filterSame = filtersEqual(last.filter, filter);
    if (filterSame && last.query === query) return;
    const timer = setTimeout(
      () => {
        written.current = { query, filter };
        onStateSettled({ query, filter });
      },
      filterSame ? 0 : searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [query, filter, onStateSettled, searchDebounceMs]);

  // ---- Derived data. Each step is memoized, and search and filter go through
  // useDeferredValue, so ticking a checkbox answers at once and the list follows. The first
  // items of an empty list (a screen opening, a query's answer) do too: they render in slices
  // that leave the page responsive instead of one long task (issue 18: 300-450 ms on a slow
  // phone for 30 audits). Later changes show at once (an answer is marked in its row at once).
  const deferredItems = useDeferredValue(items, NO_ITEMS as readonly T[]);
  const shownItems = deferredItems.length === 0 ? deferredItems : items;
  // (An empty answer replacing an empty list is not pending: nothing waits to be shown.)
  const itemsPending = shownItems !== items && items.length > 0;
  const indexed = useMemo(
    () =>
      indexItems(
        shownItems,
        facets.length,
        (item, index) => fieldValues(item, facets[index]!.field, fields),
        getSearchText ?? defaultSearchText,
      ),
    [shownItems, facets, fields, getSearchText],
  );
  const deferredQuery = useDeferredValue(query);
  const deferredFilter = useDeferredValue(activeFilter);
  const terms = useMemo(() => searchTerms(deferredQuery), [deferredQuery]);
  const sortField = sorting.field;
  const sortCompare = comparators?.[sortField] ?? compareDefault;
  // Sorted once per list and order; a search or filter then only filters, keeping the order
  // (sorting thousands of items with the collator on every keystroke was most of its cost).
  const sortedIndex = useMemo(
    () =>
      sortItems(
        indexed,
        (entry) => readField(entry.item, sortField, fields),
        direction,
        sortCompare,
      ),
    [indexed, sortField, fields, direction, sortCompare],
  );
  const sorted = useMemo(
    () =>
      filterItems(sortedIndex, terms, selectedValues(facets, deferredFilter)).map(
        (entry) => entry.item,
      ),
    [sortedIndex, terms, facets, deferredFilter],
  );
  const groupField = grouped ? grouping.field : null;
  const groupCompare = (groupField && comparators?.[groupField]) || compareDefault;
  const groups = useMemo(
    () =>
      groupField === null
        ? null
        : groupItems(sorted, (item) => fieldValues(item, groupField, fields), groupCompare),
    [sorted, groupField, fields, groupCompare],
  );
  const rows = useMemo<Row<T>[]>(
    () =>
      groups
        ? groups.flatMap((group) => group.items.map((item) => ({ item, group })))
        : sorted.map((item) => ({ item, group: null })),
    [groups, sorted],
  );
  const currentPage = clampPage(page, rows.length, pageSize);
  // The list's first rows are a screenful, the rest of the page follows in steps, each a
  // transition of its own (nextRowCount): on a slow tablet the first questions show sooner and the
  // page stays responsive while the others render (issue 11: the first row of a 1,000-question
  // audit; issues 18 and 40: one commit of a whole page was a long task). The same whenever the
  // person changes what the page shows (search, filter, sort, grouping, page, page size: issue 12,
  // a filter of 10,000 measures); new data for the same view (a delta) renders at once as far as
  // the page was shown, and rows it adds beyond that in steps.
  const viewKey = JSON.stringify([
    currentPage,
    deferredQuery,
    deferredFilter,
    sortField,
    direction,
    groupField,
    pageSize,
  ]);
  const [rendered, setRendered] = useState<{ view: string; rows: number } | null>(null);
  const { start: pageStart, end: pageEnd } = pageRange(currentPage, rows.length, pageSize);
  const shownRows = rendered?.view === viewKey ? rendered.rows : FIRST_ROWS;
  const morePending = pageEnd - pageStart > shownRows;
  const pageRows = useMemo(
    () => rows.slice(pageStart, morePending ? pageStart + shownRows : pageEnd),
    [rows, pageStart, pageEnd, morePending, shownRows],
  );
  useEffect(() => {
    if (morePending)
      startTransition(() => setRendered({ view: viewKey, rows: nextRowCount(shownRows) }));
  }, [morePending, viewKey, shownRows]);

  // The item to reveal: its page, its group open; once, so paging on afterwards stays free.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (revealId === null || revealed.current === revealId) return;
    const index = rows.findIndex((row) => getId(row.item) === revealId);
    if (index < 0) return;
    revealed.current = revealId;
    if (pageSize !== null) setPage(Math.floor(index / pageSize) + 1);
    const groupKey = rows[index]!.group?.key;
    if (groupKey !== undefined) {
      setCollapsed((current) => {
        if (!current.has(groupKey)) return current;
        const next = new Set(current);
        next.delete(groupKey);
        return next;
      });
    }
  }, [revealId, rows, getId, pageSize]);

  // The toolbar's menu entries get the listed items (`sorted`: filtered, in order, every page).
  const toolbarActions = useMemo<ListMenuAction[] | undefined>(
    () => moreActions?.map((action) => ({ ...action, onClick: () => action.onClick(sorted) })),
    [moreActions, sorted],
  );

  // The page a search or filter produced is on screen (bench/ui.bench.ts measures from the
  // search mark of list-search-box.tsx to this one).
  useEffect(() => {
    performance.mark(LIST_RENDERED_MARK);
  }, [pageRows]);

  // ---- Texts of facets, chips and groups in the current language.
  const panelFacets = useMemo<PanelFacet[]>(
    () =>
      facets.map((facet) => ({
        id: facet.id,
        size: facet.size,
        label: localized(facet.label),
        formatValue: (value: string) => format(facet.field, value),
      })),
    [facets, localized, format],
  );
  const chips = useMemo<FilterChip[]>(
    () =>
      panelFacets.flatMap((facet) =>
        (activeFilter[facet.id] ?? []).map((value) => ({
          facetId: facet.id,
          value,
          text: `${facet.label}: ${facet.formatValue(value)}`,
        })),
      ),
    [panelFacets, activeFilter],
  );
  const groupTitle = (group: ListGroup<T>) =>
    group.value === null || grouping === null
      ? t('list.noValue')
      : format(grouping.field, group.value);

  // ---- Actions. Anything that changes what is listed goes back to the first page.
  const onQuery = useCallback((value: string) => {
    setQuery(value);
    setPage(1);
  }, []);
  const changeFilter = (next: FacetFilter) => {
    setFilter(next);
    setPage(1);
  };
  // Stable, so the panel's options (memoized) do not all render again on a tick.
  const toggleFacet = useCallback(
    (facetId: string, value: string) => {
      setFilter((current) => toggleFacetValue(sanitizeFilter(current, facetIds), facetId, value));
      setPage(1);
    },
    [facetIds],
  );
  const allExpanded = groups?.every((group) => !collapsed.has(group.key)) ?? true;
  const toggleGroup = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const toggleAll = useCallback(
    () => setCollapsed(allExpanded ? new Set(groups?.map((group) => group.key)) : new Set()),
    [allExpanded, groups],
  );
  const toggleView = useCallback(() => {
    setView((current) => (current === 'group' ? 'list' : 'group'));
    setPage(1);
  }, []);
  const onPageSizeChange = useCallback(
    (size: number | null) => {
      setPageSize(size);
      setPage(1);
      if (listKey !== undefined) storePageSize(listKey, size);
    },
    [listKey],
  );
  const filterDrawerMounted = useMountedOnce(drawer === 'filter');
  const sortDrawerMounted = useMountedOnce(drawer === 'sort');

  const filterCount = activeFilterCount(activeFilter);
  const showPagination = paginationVisible(rows.length, config.pageSizes);
  const stale = deferredQuery !== query || deferredFilter !== activeFilter;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="grouped-list">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ListSearchBox
          initialValue={initialState?.query ?? ''}
          debounceMs={searchDebounceMs}
          onCommit={onQuery}
        />
        {actions}
        <ListViewButtons
          groupable={config.groupings.length > 0}
          grouped={grouped}
          allExpanded={allExpanded}
          filterable={facets.length > 0}
          filterCount={filterCount}
          onToggleView={toggleView}
          onToggleAll={grouped ? toggleAll : undefined}
          onOpenDrawer={setDrawer}
        />
        {toolbarActions && toolbarActions.length > 0 && (
          <ListMoreActions actions={toolbarActions} />
        )}
      </Box>

      {chips.length > 0 && (
        <Suspense fallback={null}>
          <ListFilterChips
            chips={chips}
            limit={textLimits.chip}
            onDelete={(chip) =>
              changeFilter(removeFacetValue(activeFilter, chip.facetId, chip.value))
            }
            onClear={() => changeFilter(EMPTY_FILTER)}
          />
        </Suspense>
      )}

      {/* Announces the result count after a search or filter change. */}
      <Typography
        variant="body2"
        color="text.secondary"
        aria-live="polite"
        data-testid="list-count"
      >
        {(loading || itemsPending) && shownItems.length === 0
          ? t('list.loading')
          : t('list.entries', { count: rows.length })}
      </Typography>

      {/* A search or filter still being applied shows as progress, not as faded rows: faded
          text falls below the contrast a shop floor's light needs (and WCAG's 4.5:1). */}
      {/* Its height is kept while nothing loads, so the rows below never shift (issue 18). */}
      <Box sx={{ height: 4 }} data-testid="list-progress-slot">
        {(loading || stale) && <LinearProgress aria-label={t('list.loading')} />}
      </Box>
      {header}

      <Box aria-busy={loading || stale || itemsPending}>
        {rows.length === 0 ? (
          !loading &&
          !itemsPending && (
            <Typography
              sx={{ py: 3, textAlign: 'center' }}
              color="text.secondary"
              data-testid="list-empty"
            >
              {shownItems.length === 0 ? (emptyText ?? t('list.empty')) : t('list.noMatches')}
            </Typography>
          )
        ) : grouped ? (
          <List aria-label={label} disablePadding data-testid="list-groups" sx={rowStyles}>
            {runsOf(pageRows).map((run, runIndex) => {
              const group = run.group!;
              const expanded = !collapsed.has(group.key);
              const title = groupTitle(group);
              const shortTitle = truncateLabel(title, textLimits.groupTitle);
              const rowsId = `${baseId}-g${runIndex}`;
              return (
                // A plain item, like the rows: MUI's ListItem added a chunk to every list's first
                // load for a `li` (issue 18).
                <li key={group.key} className={ROW_CLASSES.group}>
                  <ListGroupHeader
                    title={title}
                    shortTitle={shortTitle}
                    count={group.items.length}
                    expanded={expanded}
                    controls={rowsId}
                    headingLevel={groupHeadingLevel}
                    onToggle={() => toggleGroup(group.key)}
                    content={renderGroupHeader?.({ group, title, shortTitle, expanded })}
                  />
                  <List id={rowsId} disablePadding hidden={!expanded}>
                    {expanded &&
                      run.rows.map((row) => (
                        <ListRow
                          key={`${group.key}/${getId(row.item)}`}
                          row={row}
                          index={row.index}
                          renderRow={renderRow}
                          getRowOpen={getRowOpen}
                          renderRowActions={renderRowActions}
                          getSyncState={getSyncState}
                        />
                      ))}
                  </List>
                </li>
              );
            })}
          </List>
        ) : (
          <List aria-label={label} disablePadding data-testid="list-rows" sx={rowStyles}>
            {pageRows.map((row, index) => (
              <ListRow
                key={getId(row.item)}
                row={row}
                index={index}
                renderRow={renderRow}
                getRowOpen={getRowOpen}
                renderRowActions={renderRowActions}
                getSyncState={getSyncState}
              />
            ))}
          </List>
        )}
      </Box>

      {showPagination && (
        <ListPaginationBar
          itemCount={rows.length}
          page={currentPage}
          pageSize={pageSize}
          pageSizes={config.pageSizes}
          visiblePages={visiblePages}
          onPageChange={setPage}
          onPageSizeChange={onPageSizeChange}
        />
      )}

      {/* Mounted when first opened: a closed drawer still renders its modal's hooks. */}
      {filterDrawerMounted && (
        <Suspense fallback={null}>
          <ListDrawer
            open={drawer === 'filter'}
            onClose={() => setDrawer(null)}
            title={t('list.filter')}
            width={filterDrawerWidth}
            testId="list-filter-drawer"
          >
            <ListFilterPanel
              facets={panelFacets}
              indexed={indexed}
              terms={terms}
              filter={activeFilter}
              pageSize={facetPanelPageSize}
              onToggle={toggleFacet}
              onClear={() => changeFilter(EMPTY_FILTER)}
            />
          </ListDrawer>
        </Suspense>
      )}
      {sortDrawerMounted && (
        <Suspense fallback={null}>
          <ListDrawer
            open={drawer === 'sort'}
            onClose={() => setDrawer(null)}
            title={t('list.sortTitle')}
            width={filterDrawerWidth}
            testId="list-sort-drawer"
          >
            <ListSortPanel
              sortings={config.sortings.map((entry) => ({
                id: entry.id,
                label: localized(entry.label),
              }))}
              sortingId={sorting.id}
              direction={direction}
              onSortingChange={(id) => {
                const next = config.sortings.find((entry) => entry.id === id);
                if (next) setSortChoice({ id, direction: next.order });
                setPage(1);
              }}
              onDirectionChange={(next) => {
                setSortChoice({ id: sorting.id, direction: next });
                setPage(1);
              }}
              groupings={config.groupings.map((entry) => ({
                id: entry.id,
                label: localized(entry.label),
              }))}
              groupingId={grouping?.id ?? null}
              onGroupingChange={(id) => {
                setGroupingId(id);
                setView('group');
                setCollapsed(new Set());
                setPage(1);
              }}
            />
          </ListDrawer>
        </Suspense>
      )}
    </Box>
  );
}

interface ListViewButtonsProps {
  groupable: boolean;
  grouped: boolean;
  allExpanded: boolean;
  filterable: boolean;
  filterCount: number;
  onToggleView: () => void;
  /** Only in group view. */
  onToggleAll?: () => void;
  onOpenDrawer: (drawer: 'filter' | 'sort') => void;
}

/**
 * The toolbar's view, sort and filter buttons. Memoized: new items do not render them again
 * (issue 18: on a slow phone the start of a list screen renders the list for each document
 * batch that arrives).
 */
const ListViewButtons = memo(function ListViewButtons({
  groupable,
  grouped,
  allExpanded,
  filterable,
  filterCount,
  onToggleView,
  onToggleAll,
  onOpenDrawer,
}: ListViewButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      {groupable && (
        <IconButton
          aria-label={t('list.groupView')}
          aria-pressed={grouped}
          color={grouped ? 'primary' : 'default'}
          onClick={onToggleView}
          data-testid="list-group-toggle"
        >
          <ViewAgendaOutlinedIcon />
        </IconButton>
      )}
      {grouped && onToggleAll && (
        <IconButton
          aria-label={allExpanded ? t('list.collapseAll') : t('list.expandAll')}
          onClick={onToggleAll}
          data-testid="list-expand-all"
        >
          {allExpanded ? <UnfoldLessIcon /> : <UnfoldMoreIcon />}
        </IconButton>
      )}
      <IconButton
        aria-label={t('list.sort')}
        aria-haspopup="dialog"
        onClick={() => onOpenDrawer('sort')}
        data-testid="list-sort-button"
      >
        <SortIcon />
      </IconButton>
      {filterable && (
        <IconButton
          aria-label={
            filterCount ? t('list.filterActive', { count: filterCount }) : t('list.filter')
          }
          aria-haspopup="dialog"
          onClick={() => onOpenDrawer('filter')}
          data-testid="list-filter-button"
        >
          {/* No content at 0: a hidden "0" still counts as visible text against the label. */}
          <Badge badgeContent={filterCount || undefined} color="primary">
            <FilterListIcon />
          </Badge>
        </IconButton>
      )}
    </>
  );
});

interface PageRow<T> extends Row<T> {
  index: number;
}

/** The page's rows cut into runs of the same group (a group can start on an earlier page). */
function runsOf<T>(rows: readonly Row<T>[]): { group: ListGroup<T> | null; rows: PageRow<T>[] }[] {
  const runs: { group: ListGroup<T> | null; rows: PageRow<T>[] }[] = [];
  rows.forEach((row, index) => {
    const last = runs[runs.length - 1];
    if (last && last.group === row.group) last.rows.push({ ...row, index });
    else runs.push({ group: row.group, rows: [{ ...row, index }] });
  });
  return runs;
}

interface ListRowProps<T> {
  row: Row<T>;
  index: number;
  renderRow: (item: T, context: ListRowContext<T>) => ReactNode;
  getRowOpen?: (item: T) => ListRowOpen | undefined;
  renderRowActions?: (item: T) => ReactNode;
  getSyncState?: (item: T) => SyncState | undefined;
}

/**
 * A row renders again only when its item, group, place or the page's render functions change,
 * not whenever the list does: a list of a thousand questions re-renders one row for one answer
 * (issue 11), and the audit matrix does not render every row again for each document the start
 * of a session brings (issue 18). The `row` wrapper itself is rebuilt with each page.
 */
const ListRow = memo(ListRowContent, (before, after) => {
  return (
    before.row.item === after.row.item &&
    before.row.group === after.row.group &&
    before.index === after.index &&
    before.renderRow === after.renderRow &&
    before.getRowOpen === after.getRowOpen &&
    before.renderRowActions === after.renderRowActions &&
    before.getSyncState === after.getSyncState
  );
}) as <T>(props: ListRowProps<T>) => ReactNode;

/**
 * Every row of a list is plain elements styled once, by the list (`rowsSx` below), instead of
 * MUI's ListItem, ListItemButton and Boxes per row: those cost five styled components and a
 * ripple per row, most of the render and commit time of a page of rows on a slow phone (issue 18).
 */
const ROW_CLASSES = {
  group: 'qa-group',
  row: 'qa-row',
  withOpen: 'qa-row-with-open',
  open: 'qa-row-open',
  content: 'qa-row-content',
  trailing: 'qa-row-trailing',
} as const;

const rowsSx = (theme: Theme) => ({
  [`& .${ROW_CLASSES.group}`]: { display: 'block', position: 'relative' },
  [`& .${ROW_CLASSES.row}`]: {
    display: 'flex',
    gap: theme.spacing(1),
    alignItems: 'center',
    padding: theme.spacing(1, 2),
    borderBottom: `1px solid ${theme.palette.divider}`,
    minWidth: 0,
    // Rows below the screen are laid out and painted once scrolled to (a page of a hundred
    // questions on a slow tablet); their last size is kept, so the scrollbar does not jump.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 72px',
  },
  [`& .${ROW_CLASSES.withOpen}`]: { alignItems: 'stretch', padding: 0 },
  [`& .${ROW_CLASSES.withOpen}:has(> .${ROW_CLASSES.trailing})`]: {
    paddingRight: theme.spacing(1),
  },
  [`& .${ROW_CLASSES.open}`]: {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'flex-start',
    padding: theme.spacing(1.5, 2),
    color: 'inherit',
    textDecoration: 'none',
    cursor: 'pointer',
    outline: 0,
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create('background-color', {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
    // Touch feedback instead of the ripple.
    '&:active': { backgroundColor: theme.palette.action.selected },
    // Inset: the list's container may clip what is outside the row.
    '&:focus-visible': {
      ...theme.focusVisible,
      outlineOffset: -3,
      backgroundColor: theme.palette.action.focus,
    },
    [COARSE_POINTER]: { minHeight: 48 },
  },
  [`& .${ROW_CLASSES.content}`]: { flex: 1, minWidth: 0 },
  [`& .${ROW_CLASSES.trailing}`]: {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    flexShrink: 0,
  },
});

function ListRowContent<T>({
  row,
  index,
  renderRow,
  getRowOpen,
  renderRowActions,
  getSyncState,
}: ListRowProps<T>) {
  const inRouter = useInRouterContext();
  const state = getSyncState?.(row.item);
  const open = getRowOpen?.(row.item);
  const content = renderRow(row.item, { index, group: row.group });
  const actions = renderRowActions?.(row.item);
  // The sync state stays outside the link or button: inside, its name would be lost in the
  // row's, and a touch on it opens the row anyway.
  const trailing = (state || actions) && (
    <div className={ROW_CLASSES.trailing}>
      {state && <SyncStateIcon state={state} />}
      {actions}
    </div>
  );
  if (!open) {
    return (
      <li className={ROW_CLASSES.row} data-testid="list-row">
        <div className={ROW_CLASSES.content}>{content}</div>
        {trailing}
      </li>
    );
  }
  const inner = <div className={ROW_CLASSES.content}>{content}</div>;
  const common = { className: ROW_CLASSES.open, 'data-testid': 'list-row-open' };
  return (
    <li className={`${ROW_CLASSES.row} ${ROW_CLASSES.withOpen}`} data-testid="list-row">
      {open.href ? (
        inRouter ? (
          <RouterLink to={open.href} {...common}>
            {inner}
          </RouterLink>
        ) : (
          <a href={open.href} {...common}>
            {inner}
          </a>
        )
      ) : (
        // A div with button semantics (the content has blocks a <button> may not hold): Enter
        // opens on key down, Space on key up, as a button does.
        <div
          role="button"
          tabIndex={0}
          {...common}
          onClick={open.onOpen}
          onKeyDown={(event) => {
            if (event.target !== event.currentTarget) return;
            if (event.key === 'Enter') {
              event.preventDefault();
              open.onOpen?.();
            } else if (event.key === ' ') event.preventDefault();
          }}
          onKeyUp={(event) => {
            if (event.target === event.currentTarget && event.key === ' ') open.onOpen?.();
          }}
        >
          {inner}
        </div>
      )}
      {trailing}
    </li>
  );
}
