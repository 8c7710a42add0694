import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompactSelect } from './compact-select';
import { FIELD_ADORNMENT, FIELD_CONTROL, OutlinedField } from './outlined-field';

afterEach(cleanup);

describe('OutlinedField', () => {
  it('names its control by the label, and a touch on the frame or an icon focuses the control', () => {
    render(
      <OutlinedField id="box" label="Suchen">
        <span className={FIELD_ADORNMENT} data-testid="icon">
          ⌕
        </span>
        <input id="box" className={FIELD_CONTROL} />
        <span className={FIELD_ADORNMENT}>
          <button type="button">Leeren</button>
        </span>
      </OutlinedField>,
    );
    const input = screen.getByLabelText('Suchen');
    expect(input.tagName).toBe('INPUT');
    fireEvent.click(screen.getByTestId('icon'));
    expect(document.activeElement).toBe(input);
    // A button in the field keeps the focus it gets.
    const clear = screen.getByRole('button', { name: 'Leeren' });
    clear.focus();
    fireEvent.click(clear);
    expect(document.activeElement).toBe(clear);
  });

  it('the compact select is the native select, named by its label', () => {
    const onChange = vi.fn();
    render(
      <CompactSelect
        label="Planungsjahr"
        value="2026"
        options={[
          { value: '2025', label: '2025' },
          { value: '2026', label: '2026' },
        ]}
        onChange={onChange}
        testId="year"
      />,
    );
    const select = screen.getByLabelText('Planungsjahr') as HTMLSelectElement;
    expect(select).toBe(screen.getByTestId('year'));
    expect(select.value).toBe('2026');
    fireEvent.change(select, { target: { value: '2025' } });
    expect(onChange).toHaveBeenCalledWith('2025');
  });
});
