import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortDirection } from './list-sorting';

export interface PanelOption {
  id: string;
  label: string;
}

interface ListSortPanelProps {
  sortings: readonly PanelOption[];
  sortingId: string;
  direction: SortDirection;
  onSortingChange: (id: string) => void;
  onDirectionChange: (direction: SortDirection) => void;
  /** Shown when the list can be grouped in more than one way. */
  groupings: readonly PanelOption[];
  groupingId: string | null;
  onGroupingChange: (id: string) => void;
}

/** The sort drawer's content: sorting, direction and (if there is a choice) grouping. */
export function ListSortPanel({
  sortings,
  sortingId,
  direction,
  onSortingChange,
  onDirectionChange,
  groupings,
  groupingId,
  onGroupingChange,
}: ListSortPanelProps) {
  const { t } = useTranslation();
  const sortLabel = useId();
  const directionLabel = useId();
  const groupLabel = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <FormControl>
        <FormLabel id={sortLabel}>{t('list.sortBy')}</FormLabel>
        <RadioGroup
          aria-labelledby={sortLabel}
          value={sortingId}
          onChange={(event) => onSortingChange(event.target.value)}
        >
          {sortings.map((sorting) => (
            <FormControlLabel
              key={sorting.id}
              value={sorting.id}
              control={<Radio size="small" />}
              label={sorting.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id={directionLabel}>{t('list.direction')}</FormLabel>
        <RadioGroup
          aria-labelledby={directionLabel}
          value={direction}
          onChange={(event) => onDirectionChange(event.target.value === 'desc' ? 'desc' : 'asc')}
        >
          <FormControlLabel
            value="asc"
            control={<Radio size="small" />}
            label={t('list.ascending')}
          />
          <FormControlLabel
            value="desc"
            control={<Radio size="small" />}
            label={t('list.descending')}
          />
        </RadioGroup>
      </FormControl>
      {groupings.length > 1 && (
        <FormControl>
          <FormLabel id={groupLabel}>{t('list.groupBy')}</FormLabel>
          <RadioGroup
            aria-labelledby={groupLabel}
            value={groupingId ?? ''}
            onChange={(event) => onGroupingChange(event.target.value)}
          >
            {groupings.map((grouping) => (
              <FormControlLabel
                key={grouping.id}
                value={grouping.id}
                control={<Radio size="small" />}
                label={grouping.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    </Box>
  );
}
