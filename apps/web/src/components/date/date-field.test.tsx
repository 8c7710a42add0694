import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { DateField, type DateFieldProps } from './date-field';

type Language = 'de' | 'en';

/** A form that takes every change, as the dialogs do. */
function Host(props: Omit<DateFieldProps, 'value' | 'onChange'> & { initial: string | null }) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <DateField
      {...rest}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

let changes: (string | null)[] = [];

function renderField(
  language: Language,
  props: Partial<Omit<DateFieldProps, 'value' | 'onChange'>> & { initial?: string | null } = {},
) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <Host label="Day" testId="day" initial={null} {...props} />
    </I18nextProvider>,
  );
}

const input = () => screen.getByTestId('day') as HTMLInputElement;
const helperText = () => document.querySelector('.MuiFormHelperText-root')?.textContent;

/** Opens the calendar with the field's button ('Choose date' / 'Datum auswählen'). */
function openCalendar() {
  fireEvent.click(screen.getByRole('button', { name: /^(Choose date|Datum auswählen)/ }));
  return screen.getByRole('grid');
}

/** Types into one section of the field the way a keyboard does: one character per input event. */
function typeInto(section: HTMLElement, text: string) {
  act(() => section.focus());
  for (const char of text) {
    section.textContent = char;
    fireEvent.input(section);
  }
}

afterEach(() => {
  cleanup();
  changes = [];
  vi.unstubAllEnvs();
});

describe('DateField', () => {
  it.each([
    ['en', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']],
    ['de', ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']],
  ] as const)('starts the weeks on Monday (%s)', (language, weekdays) => {
    renderField(language, { initial: '2026-03-10' });
    const grid = openCalendar();
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('aria-label'))).toEqual(weekdays);
    // 1 March 2026 is a Sunday: the last column of the first week.
    const first = within(grid)
      .getAllByRole('gridcell')
      .find((cell) => cell.textContent === '1');
    expect(first?.getAttribute('aria-colindex')).toBe('7');
  });

  it('shows the value in the format of the language', () => {
    renderField('de', { initial: '2026-03-02' });
    expect(input().value).toBe('02.03.2026');
    cleanup();
    renderField('en', { initial: '2026-03-02' });
    expect(input().value).toBe('03/02/2026');
  });

  it('disables the days before min and after max', () => {
    renderField('en', { initial: '2026-03-10', min: '2026-03-05', max: '2026-03-20' });
    const grid = openCalendar();
    const day = (n: number) => within(grid).getByRole('gridcell', { name: String(n) });
    expect(day(4).hasAttribute('disabled')).toBe(true);
    expect(day(5).hasAttribute('disabled')).toBe(false);
    expect(day(20).hasAttribute('disabled')).toBe(false);
    expect(day(21).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['de', '01.03.2026'],
    ['en', '03/01/2026'],
  ] as const)('turns a typed date into YYYY-MM-DD (%s)', (language, typed) => {
    renderField(language);
    fireEvent.change(input(), { target: { value: typed } });
    expect(changes).toEqual(['2026-03-01']);
    expect(input().value).toBe(typed);
  });

  it('takes a date typed section by section (German: day, month, year)', () => {
    renderField('de');
    const [day, month, year] = screen.getAllByRole('spinbutton');
    typeInto(day!, '24');
    typeInto(month!, '12');
    expect(changes).toEqual([]);
    typeInto(year!, '2026');
    expect(changes.at(-1)).toBe('2026-12-24');
    expect(input().value).toBe('24.12.2026');
  });

  it('reports a cleared part as null and keeps the rest of what was typed', () => {
    renderField('en', { initial: '2026-03-02' });
    const [, day] = screen.getAllByRole('spinbutton');
    act(() => day!.focus());
    day!.textContent = '';
    fireEvent.input(day!);
    expect(changes).toEqual([null]);
    expect(input().value).toBe('03/DD/2026');
  });

  it('reports a date that does not exist as null and says so', () => {
    renderField('de', { initial: '2026-02-10' });
    const [day] = screen.getAllByRole('spinbutton');
    typeInto(day!, '31');
    expect(changes.at(-1)).toBeNull();
    expect(input().value).toBe('31.02.2026');
    expect(helperText()).toBe('Bitte ein gültiges Datum eingeben (TT.MM.JJJJ)');
  });

  it('picks the local day from the calendar, with no time zone shift', () => {
    // Far east of UTC: local midnight is the day before in UTC (a toISOString would slip).
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    renderField('en', { initial: '2026-03-10' });
    const grid = openCalendar();
    fireEvent.click(within(grid).getByRole('gridcell', { name: '15' }));
    expect(changes).toEqual(['2026-03-15']);
  });

  it('passes a typed date outside the range on and names the range; an error given wins', () => {
    renderField('de', { initial: '2026-03-10', min: '2026-01-01', max: '2026-12-31' });
    fireEvent.change(input(), { target: { value: '31.12.2025' } });
    expect(changes).toEqual(['2025-12-31']);
    expect(helperText()).toBe('Bitte ein Datum vom 01.01.2026 bis 31.12.2026 wählen');
    cleanup();
    renderField('en', { initial: '2025-12-31', min: '2026-01-01', error: 'Outside the year' });
    expect(helperText()).toBe('Outside the year');
    expect(input().closest('.MuiPickersInputBase-root')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the helper text, required and disabled', () => {
    renderField('en', { helperText: 'Any day', required: true, disabled: true });
    expect(helperText()).toBe('Any day');
    expect(input().required).toBe(true);
    expect(input().disabled).toBe(true);
    expect(screen.getByText('Day').textContent).toContain('Day');
  });
});
