import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { DEFAULT_SHELL_SETTINGS } from '../../lib/config/shell-settings';
import { OnlineStatusBanner } from './online-status-banner';

let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('OnlineStatusBanner', () => {
  it('shows the offline banner while offline and the success banner for 5 s after', () => {
    render(
      <I18nextProvider i18n={createI18n('de')}>
        <OnlineStatusBanner />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    setOnline(false);
    expect(screen.getByTestId('offline-banner').textContent).toBe('Die Anwendung ist offline.');

    setOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByTestId('online-banner').textContent).toBe(
      'Die Anwendung ist wieder online.',
    );
    act(() => vi.advanceTimersByTime(DEFAULT_SHELL_SETTINGS.bannerMs - 100));
    expect(screen.queryByTestId('online-banner')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('online-banner')).toBeNull();
  });

  it('asks before leaving only while offline', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <OnlineStatusBanner />
      </I18nextProvider>,
    );
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
      // jsdom's Event.returnValue is the legacy boolean; a browser's BeforeUnloadEvent keeps text.
      Object.defineProperty(event, 'returnValue', { value: '', writable: true });
      window.dispatchEvent(event);
      return event;
    };
    expect(leave().defaultPrevented).toBe(false);

    setOnline(false);
    const event = leave();
    expect(event.defaultPrevented).toBe(true);
    expect(event.returnValue).toBe('Your changes may not be saved. Please go back online.');

    setOnline(true);
    expect(leave().defaultPrevented).toBe(false);
  });
});
