import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { truncateLabel } from '@qa/domain';
import { useTranslation } from 'react-i18next';

export interface FilterChip {
  facetId: string;
  value: string;
  /** "Facet: value", full length. */
  text: string;
}

interface ListFilterChipsProps {
  chips: readonly FilterChip[];
  /** SPEC section 9: chip texts are cut to 36 characters. */
  limit: number;
  onDelete: (chip: FilterChip) => void;
  onClear: () => void;
}

/**
 * The ticked facet values above the list. A chip is removed with its x, or with Delete or
 * Backspace while it has focus (MUI Chip); the full text is in the chip's title.
 */
export function ListFilterChips({ chips, limit, onDelete, onClear }: ListFilterChipsProps) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label={t('list.activeFilters')}
      data-testid="list-filter-chips"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      {chips.map((chip) => {
        const short = truncateLabel(chip.text, limit);
        return (
          <Chip
            key={`${chip.facetId}\u0000${chip.value}`}
            size="small"
            label={short}
            title={chip.text}
            aria-label={t('list.removeFilter', { label: chip.text })}
            onDelete={() => onDelete(chip)}
          />
        );
      })}
      <Button size="small" onClick={onClear} data-testid="list-chips-clear">
        {t('list.clearFilters')}
      </Button>
    </Box>
  );
}
