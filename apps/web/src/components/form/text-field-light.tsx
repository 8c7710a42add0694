import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FIELD_ADORNMENT, FIELD_CONTROL, OutlinedField } from './outlined-field';

interface TextFieldLightProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'size' | 'value' | 'onChange' | 'children'
> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  /** Under the field, and the input's description (a validation message). */
  helperText?: ReactNode;
  /** A button at the field's end (show the password). */
  end?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A full-width text field of plain elements in the outlined look (outlined-field.tsx), for the
 * forms of a first screen: the sign-in page's two fields as MUI TextFields brought the text
 * field's code (with its select) and the styles of six components into its first load (issue 40).
 * The label stays in the border's notch, so a value the browser fills in never overlaps it.
 */
export function TextFieldLight({
  label,
  value,
  onChange,
  error = false,
  helperText,
  end,
  inputRef,
  id: givenId,
  ...input
}: TextFieldLightProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperId = `${id}-helper`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <OutlinedField id={id} label={label} size="medium" error={error} sx={{ width: '100%' }}>
        <input
          {...input}
          id={id}
          ref={inputRef}
          className={FIELD_CONTROL}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error || undefined}
          aria-describedby={helperText ? helperId : undefined}
        />
        {end && <span className={FIELD_ADORNMENT}>{end}</span>}
      </OutlinedField>
      {helperText && (
        <Typography
          id={helperId}
          variant="caption"
          color={error ? 'error' : 'text.secondary'}
          sx={{ mt: '3px', mx: '14px' }}
        >
          {helperText}
        </Typography>
      )}
    </Box>
  );
}
