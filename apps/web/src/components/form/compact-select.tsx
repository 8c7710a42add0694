import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';

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
 * would otherwise load (issue 18).
 */
export function CompactSelect({ label, value, options, onChange, testId, sx }: CompactSelectProps) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} id={id} inputProps={{ 'data-testid': testId }} />}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
