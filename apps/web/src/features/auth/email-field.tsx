import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Catalog key of the validation message to show, if any. */
  problemKey: string | null;
  autoFocus?: boolean;
}

export function EmailField({ value, onChange, problemKey, autoFocus }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="username"
      required
      fullWidth
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problemKey)}
      helperText={problemKey ? t(problemKey) : undefined}
      // The asterisk would become part of the label text; `required` still tells assistive tech.
      slotProps={{ inputLabel: { required: false }, htmlInput: { inputMode: 'email' } }}
    />
  );
}
