import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { amber } from '@mui/material/colors';
import type { SxProps, Theme } from '@mui/material/styles';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COARSE_POINTER, TOUCH_TARGET } from '../../app/theme';
import {
  facetBuckets,
  facetValueRanks,
  selectedValues,
  type FacetDefinition,
  type FacetFilter,
  type IndexedItem,
} from './list-filter';

/** A facet as the panel shows it. */
export interface PanelFacet extends FacetDefinition {
  label: string;
  /** Text of a value in the current language. */
  formatValue: (value: string) => string;
}

interface ListFilterPanelProps<T> {
  facets: readonly PanelFacet[];
  indexed: readonly IndexedItem<T>[];
  /** Search words the counts respect. */
  terms: readonly string[];
  filter: FacetFilter;
  /** SPEC section 9: the facet panel shows 100 values per page. */
  pageSize: number;
  onToggle: (facetId: string, value: string) => void;
  onClear: () => void;
}

/**
 * The facet panel (SPEC section 2): a free-text box that narrows the values, then one group of
 * checkboxes per facet with counts. Counts are computed only while the panel is open.
 */
export function ListFilterPanel<T>({
  facets,
  indexed,
  terms,
  filter,
  pageSize,
  onToggle,
  onClear,
}: ListFilterPanelProps<T>) {
  const { t } = useTranslation();
  const [narrow, setNarrow] = useState('');
  const [shown, setShown] = useState<Record<string, number>>({});
  // The counts follow a tick in a deferred render (with the list it filters); the tick itself
  // shows at once: only its own option renders again (FacetOption is memoized).
  const countFilter = useDeferredValue(filter);
  // The values of each facet in their default order, once per list (a facet of 3,000 audits with
  // equal counts was mostly collator comparisons on every tick).
  const ranks = useMemo(() => facetValueRanks(indexed, facets.length), [indexed, facets.length]);
  const buckets = useMemo(
    () => facetBuckets(indexed, terms, facets, selectedValues(facets, countFilter), ranks),
    [indexed, terms, facets, countFilter, ranks],
  );
  const needle = narrow.trim().toLocaleLowerCase();

  const groups = facets
    .map((facet, index) => {
      const chosen = filter[facet.id];
      const values = buckets[index]!.map((bucket) => ({
        ...bucket,
        selected: chosen?.includes(bucket.value) ?? false,
        label: facet.formatValue(bucket.value),
      }));
      const matching = needle
        ? values.filter((value) => value.label.toLocaleLowerCase().includes(needle))
        : values;
      return { facet, values: matching };
    })
    .filter((group) => group.values.length > 0);
  const hasSelection = Object.keys(filter).length > 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        type="search"
        size="small"
        label={t('list.filterValuesSearch')}
        value={narrow}
        onChange={(event) => setNarrow(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'list-filter-search' } }}
      />
      <Box>
        <Button onClick={onClear} disabled={!hasSelection} data-testid="list-filter-clear">
          {t('list.clearFilters')}
        </Button>
      </Box>
      {groups.length === 0 && (
        <Typography color="text.secondary">{t('list.noFilterValues')}</Typography>
      )}
      {groups.map(({ facet, values }) => {
        const limit = shown[facet.id] ?? pageSize;
        const rest = values.length - limit;
        return (
          <FormControl key={facet.id} component="fieldset" data-testid={`facet-${facet.id}`}>
            <FormLabel component="legend">{facet.label}</FormLabel>
            <Box sx={optionsSx}>
              {values.slice(0, limit).map((value) => (
                <FacetOption
                  key={value.value}
                  facetId={facet.id}
                  value={value.value}
                  label={value.label}
                  count={value.count}
                  selected={value.selected}
                  onToggle={onToggle}
                />
              ))}
            </Box>
            {rest > 0 && (
              <Box>
                <Button
                  size="small"
                  onClick={() =>
                    setShown((current) => ({ ...current, [facet.id]: limit + pageSize }))
                  }
                >
                  {t('list.showMoreValues', { count: rest })}
                </Button>
              </Box>
            )}
          </FormControl>
        );
      })}
    </Box>
  );
}

interface FacetOptionProps {
  facetId: string;
  value: string;
  label: string;
  count: number;
  selected: boolean;
  onToggle: (facetId: string, value: string) => void;
}

/**
 * One value of a facet: a native checkbox drawn by CSS (the classes of `optionsSx`). A filter of
 * 10,000 measures re-renders every count on each tick; MUI's Checkbox (ripple, icons, styles per
 * instance) made that most of the tick's time (issue 12, bench/measures.bench.ts). The input
 * covers the whole 40 px box (44 px on a coarse pointer) like MUI's does, so touch and the
 * label's click both reach it; its name is the label with the count, "Open (12)".
 */
const FacetOption = memo(function FacetOption({
  facetId,
  value,
  label,
  count,
  selected,
  onToggle,
}: FacetOptionProps) {
  return (
    <label className="facet-option">
      <span className="facet-box">
        <input type="checkbox" checked={selected} onChange={() => onToggle(facetId, value)} />
        <span className="facet-mark" aria-hidden="true" />
      </span>
      <span className="facet-label">
        <span>{label}</span> <span className="facet-count">{`(${count})`}</span>
      </span>
    </label>
  );
});

const BOX = 40;
const MARK = 18;

/** The options' styles, once for a facet (not per option). */
const optionsSx: SxProps<Theme> = (theme) => ({
  display: 'flex',
  flexDirection: 'column',
  '& .facet-option': {
    display: 'flex',
    alignItems: 'center',
    gap: 0.5,
    cursor: 'pointer',
    ...theme.typography.body1,
    wordBreak: 'break-word',
  },
  '& .facet-box': {
    position: 'relative',
    flexShrink: 0,
    width: BOX,
    height: BOX,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    [COARSE_POINTER]: { width: TOUCH_TARGET, height: TOUCH_TARGET },
  },
  '& .facet-box input': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
  },
  // Drawn over the input (it comes after it), so touches and clicks pass through to the input.
  '& .facet-mark': {
    pointerEvents: 'none',
    width: MARK,
    height: MARK,
    boxSizing: 'border-box',
    borderRadius: '2px',
    border: `2px solid ${theme.palette.action.active}`,
    position: 'relative',
  },
  '& input:checked + .facet-mark': {
    borderColor: theme.palette.primary.main,
    backgroundColor: theme.palette.primary.main,
  },
  // The tick: a rotated corner, white on the primary colour.
  '& input:checked + .facet-mark::after': {
    content: '""',
    position: 'absolute',
    left: 4,
    top: 0,
    width: 5,
    height: 10,
    border: `solid ${theme.palette.primary.contrastText}`,
    borderWidth: '0 2px 2px 0',
    transform: 'rotate(45deg)',
  },
  '& .facet-box:hover .facet-mark': { borderColor: theme.palette.primary.main },
  // The same ring as MUI's buttons (theme.ts), around the box a finger or key reaches.
  '& input:focus-visible + .facet-mark': {
    outline: `2px solid ${amber[700]}`,
    outlineOffset: 4,
  },
  '& .facet-count': { color: theme.palette.text.secondary },
});
