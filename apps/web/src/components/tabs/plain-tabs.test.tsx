import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainTabs } from './plain-tabs';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <>
      <PlainTabs
        value={value}
        onChange={setValue}
        label="Audits"
        panelId="panel"
        tabs={[
          { value: 'a', label: 'Todos', id: 'tab-a' },
          { value: 'b', label: 'Verantwortlich', id: 'tab-b' },
          { value: 'c', label: 'Dritter', id: 'tab-c' },
        ]}
      />
      <div role="tabpanel" id="panel" aria-labelledby={`tab-${value}`}>
        {value}
      </div>
    </>
  );
}

const selected = () => screen.getAllByRole('tab').find((tab) => tab.ariaSelected === 'true');

describe('PlainTabs', () => {
  it('is a labelled tab list with one tab in the tab order, and a click selects', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Audits' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs.every((tab) => tab.getAttribute('aria-controls') === 'panel')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Verantwortlich' }));
    expect(selected()?.id).toBe('tab-b');
    expect(screen.getByRole('tabpanel', { name: 'Verantwortlich' }).textContent).toBe('b');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('arrow keys, Home and End select and focus the next, previous, first and last tab', () => {
    render(<Harness />);
    const first = screen.getByRole('tab', { name: 'Todos' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(selected()?.id).toBe('tab-c');
    expect(document.activeElement?.id).toBe('tab-c');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selected()?.id).toBe('tab-a');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.id).toBe('tab-c');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selected()?.id).toBe('tab-a');
    expect(document.activeElement?.id).toBe('tab-a');
    // Other keys are left alone (Tab leaves the list).
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(selected()?.id).toBe('tab-a');
  });
});
