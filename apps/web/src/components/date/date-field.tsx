import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { format, isValid, parseISO } from 'date-fns';
import { useState, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { pickerLocaleOf } from './date-locale';

/** The stored form of a day: no time, no time zone. */
const ISO_DAY = 'yyyy-MM-dd';

export interface DateFieldProps {
  label: string;
  /** The day as 'YYYY-MM-DD', null when empty. */
  value: string | null;
  /** The new day as 'YYYY-MM-DD'; null when the field was cleared or holds no complete date. */
  onChange: (value: string | null) => void;
  /** The first and last day offered ('YYYY-MM-DD'); others are disabled in the calendar. */
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  /** A problem the form found; shown instead of the helper text and marks the field. */
  error?: string;
  helperText?: string;
  /** Put on the (hidden) input that holds the typed text, e.g. for `fireEvent.change`. */
  testId?: string;
}

/** A day of a stored value; an unreadable one gives Invalid Date, so the field shows the error. */
function toDate(value: string | null | undefined): Date | null {
  return value ? parseISO(value) : null;
}

function toValue(date: Date | null): string | null {
  return date && isValid(date) ? format(date, ISO_DAY) : null;
}

/**
 * A date input in the user's language (SPEC section 5: weeks start on Monday in both): typed
 * as dd.MM.yyyy in German and MM/dd/yyyy in English, or picked from the calendar. The value is
 * a 'YYYY-MM-DD' string built from the local day, so no time zone shifts it.
 *
 * The localization provider lives here, not at the app root, so the pickers load only with the
 * lazy screens that show a date field.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  required = false,
  disabled = false,
  error,
  helperText,
  testId,
}: DateFieldProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const locale = pickerLocaleOf(language);
  // A date that does not exist (31.02.) is reported as null, yet the picker must keep its
  // Invalid Date to show what was typed and the error: it keeps its own date as long as the
  // value passed in is the one it last reported.
  const [draft, setDraft] = useState(() => ({ value, date: toDate(value) }));
  const [problem, setProblem] = useState<DateValidationError | null>(null);
  let date = draft.date;
  if (draft.value !== value) {
    // Changed from outside (or the change was not taken): show what the form holds.
    date = toDate(value);
    setDraft({ value, date });
  }

  const handleChange = (next: Date | null) => {
    const nextValue = toValue(next);
    setDraft({ value: nextValue, date: next });
    if (nextValue !== value) onChange(nextValue);
  };

  const shown = (day: string) => format(parseISO(day), locale.format);
  const rangeText =
    min && max
      ? t('date.between', { min: shown(min), max: shown(max) })
      : min
        ? t('date.notBefore', { min: shown(min) })
        : max
          ? t('date.notAfter', { max: shown(max) })
          : undefined;
  const ownError =
    problem === 'invalidDate'
      ? t('date.invalid', { format: locale.formatHint })
      : problem === 'minDate' || problem === 'maxDate'
        ? rangeText
        : undefined;
  const message = error ?? ownError;

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale.adapterLocale}
      localeText={locale.localeText}
    >
      <DatePicker
        label={label}
        value={date}
        onChange={handleChange}
        onError={setProblem}
        format={locale.format}
        minDate={toDate(min) ?? undefined}
        maxDate={toDate(max) ?? undefined}
        disabled={disabled}
        slotProps={{
          textField: {
            required,
            error: Boolean(message),
            helperText: message ?? helperText,
            fullWidth: true,
            margin: 'dense',
            // MUI X slot types take data-* keys only by a global opt-in; this one key is safe.
            slotProps: { htmlInput: { 'data-testid': testId } as ComponentPropsWithRef<'input'> },
          },
        }}
      />
    </LocalizationProvider>
  );
}
