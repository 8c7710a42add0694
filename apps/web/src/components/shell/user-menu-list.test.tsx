import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { testPerson } from '../../test/test-person';
import { UserMenuList } from './user-menu-list';

function renderMenu(language: 'de' | 'en', person = testPerson()) {
  const onGo = vi.fn();
  const anchor = document.createElement('button');
  document.body.append(anchor);
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <UserMenuList id="menu" person={person} anchor={anchor} onClose={vi.fn()} onGo={onGo} />
    </I18nextProvider>,
  );
  return onGo;
}

describe('avatar menu', () => {
  afterEach(cleanup);

  it('leads to the settings, after the profile', () => {
    const onGo = renderMenu('en');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items.slice(0, 2)).toEqual(['ProfileErika Muster', 'Settings']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(onGo).toHaveBeenCalledWith('/settings');
  });

  it('leads an admin to the webhooks; others do not see them', () => {
    const onGo = renderMenu('en', testPerson({ roles: ['user', 'admin'] }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Webhooks' }));
    expect(onGo).toHaveBeenCalledWith('/webhooks');
    cleanup();
    renderMenu('en', testPerson({ roles: ['user', 'qm', 'auditor'] }));
    expect(screen.queryByRole('menuitem', { name: 'Webhooks' })).toBeNull();
    expect(screen.queryByTestId('webhooks')).toBeNull();
  });

  it('offers an admin the backup in a dialog; others do not see it', () => {
    const onGo = renderMenu('en', testPerson({ roles: ['user', 'admin'] }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Backup' }));
    expect(onGo).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Download a backup' });
    expect(dialog.textContent).toContain('password hashes');
    cleanup();
    renderMenu('en', testPerson({ roles: ['user', 'qm', 'auditor'] }));
    expect(screen.queryByRole('menuitem', { name: 'Backup' })).toBeNull();
    expect(screen.queryByTestId('backup')).toBeNull();
  });

  it('names it in German', () => {
    renderMenu('de');
    expect(screen.getByRole('menuitem', { name: 'Einstellungen' })).toBeTruthy();
    cleanup();
    renderMenu('de', testPerson({ roles: ['user', 'admin'] }));
    expect(screen.getByRole('menuitem', { name: 'Sicherung' })).toBeTruthy();
  });
});
