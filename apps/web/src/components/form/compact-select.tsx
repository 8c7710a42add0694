import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';
import { FIELD_CONTROL, OutlinedField, SelectArrow } from './outlined-field';

export interface CompactSelectOption {
  value: string;
  label: string;
}

interface CompactSelectProps {
  label: string;
  value: string;
  options: readonly CompactSelectOption[];
  onChange: (value: string) => void;
  testId?: string;
  sx?: SxProps<Theme>;
}

/**
 * A small outlined select of a few values (a year, a page size): the device's own picker, which
 * fits fingers on a tablet and needs none of the menu, popover and text field code a first screen
 * would otherwise load (issue 18), in a frame of plain elements (issue 40, outlined-field.tsx).
 */
export function CompactSelect({ label, value, options, onChange, testId, sx }: CompactSelectProps) {
  const id = useId();
  return (
    <OutlinedField id={id} label={label} sx={sx}>
      <select
        id={id}
        className={FIELD_CONTROL}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <SelectArrow />
    </OutlinedField>
  );
}
