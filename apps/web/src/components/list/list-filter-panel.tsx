import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  facetBuckets,
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
  const buckets = useMemo(
    () => facetBuckets(indexed, terms, facets, selectedValues(facets, filter)),
    [indexed, terms, facets, filter],
  );
  const needle = narrow.trim().toLocaleLowerCase();

  const groups = facets
    .map((facet, index) => {
      const values = buckets[index]!.map((bucket) => ({
        ...bucket,
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
            <FormGroup>
              {values.slice(0, limit).map((value) => (
                <FormControlLabel
                  key={value.value}
                  control={
                    <Checkbox
                      size="small"
                      checked={value.selected}
                      onChange={() => onToggle(facet.id, value.value)}
                    />
                  }
                  label={
                    <>
                      <span>{value.label}</span>{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {`(${value.count})`}
                      </Box>
                    </>
                  }
                  sx={{ wordBreak: 'break-word' }}
                />
              ))}
            </FormGroup>
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
