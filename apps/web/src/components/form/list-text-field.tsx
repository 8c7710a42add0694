import Autocomplete from '@mui/material/Autocomplete';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type ListTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  /** Names offered while typing (a customer list); free text stays allowed. */
  options: readonly string[];
};

/**
 * A text field that offers the names of a customer list when one matches it, and is a plain
 * text field otherwise. The user may always type something not in the list.
 */
export function ListTextField({
  value,
  onChange,
  options,
  slotProps,
  ...field
}: ListTextFieldProps) {
  if (options.length === 0) {
    return (
      <TextField
        {...field}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        slotProps={slotProps}
      />
    );
  }
  const htmlInput = (slotProps as { htmlInput?: object } | undefined)?.htmlInput;
  return (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      disabled={field.disabled}
      fullWidth={field.fullWidth}
      renderInput={(params) => (
        <TextField
          {...params}
          {...field}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, ...htmlInput },
          }}
        />
      )}
    />
  );
}
