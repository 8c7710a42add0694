import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextFieldLight } from '../../components/form/text-field-light';
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
    <TextFieldLight
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      // `required` tells assistive tech; the form checks itself (noValidate), no asterisk.
      required
      inputRef={input}
      value={value}
      onChange={onChange}
      error={Boolean(problemKey)}
      helperText={problemKey ? t(problemKey) : undefined}
    />
  );
}
