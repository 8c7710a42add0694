import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterPaint } from '../../lib/dom/after-paint';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Catalog key of the validation message to show, if any. */
  problemKey: string | null;
  /** The field the page starts in: focused once the page is painted (useFocusAfterPaint). */
  autoFocus?: boolean;
}

export function EmailField({ value, onChange, problemKey, autoFocus }: EmailFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  useFocusAfterPaint(input, autoFocus === true);
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="username"
      required
      fullWidth
      inputRef={input}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problemKey)}
      helperText={problemKey ? t(problemKey) : undefined}
      // The asterisk would become part of the label text; `required` still tells assistive tech.
      slotProps={{ inputLabel: { required: false }, htmlInput: { inputMode: 'email' } }}
    />
  );
}
