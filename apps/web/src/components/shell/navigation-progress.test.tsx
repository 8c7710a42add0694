import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { NAVIGATION_PROGRESS_MIN_MS, NavigationProgress } from './navigation-progress';

/** A shell with the progress bar around pages that are there at once (cached chunks). */
function renderRouter(loader?: () => Promise<null>) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/a', element: <p>page a</p> },
          { path: '/slow', element: <p>slow page</p>, loader },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const bar = () => screen.queryByTestId('navigation-progress');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('NavigationProgress', () => {
  it('shows nothing on a settled first page', () => {
    renderRouter();
    expect(screen.getByText('home')).toBeTruthy();
    expect(bar()).toBeNull();
  });

  it('shows on an instant navigation for the minimum time, then clears', async () => {
    const router = renderRouter();
    await act(() => router.navigate('/a'));
    expect(screen.getByText('page a')).toBeTruthy();
    expect(bar()).not.toBeNull();
    expect(bar()?.getAttribute('aria-label')).toBe('Loading page');

    act(() => vi.advanceTimersByTime(NAVIGATION_PROGRESS_MIN_MS - 50));
    expect(bar()).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(bar()).toBeNull();
  });

  it('shows again on every further navigation, back included', async () => {
    const router = renderRouter();
    for (const to of ['/a', '/', '/a'] as const) {
      await act(() => router.navigate(to));
      expect(bar()).not.toBeNull();
      act(() => vi.advanceTimersByTime(NAVIGATION_PROGRESS_MIN_MS));
      expect(bar()).toBeNull();
    }
    await act(() => router.navigate(-1));
    expect(screen.getByText('home')).toBeTruthy();
    expect(bar()).not.toBeNull();
    act(() => vi.advanceTimersByTime(NAVIGATION_PROGRESS_MIN_MS));
    expect(bar()).toBeNull();
  });

  it('stays while the router is busy, longer than the minimum time', async () => {
    let finish: () => void = () => {};
    const loader = () =>
      new Promise<null>((resolve) => {
        finish = () => resolve(null);
      });
    const router = renderRouter(loader);
    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/slow');
    });
    expect(bar()).not.toBeNull();
    act(() => vi.advanceTimersByTime(NAVIGATION_PROGRESS_MIN_MS * 3));
    expect(bar()).not.toBeNull();
    expect(screen.getByText('home')).toBeTruthy();

    await act(async () => {
      finish();
      await navigation;
    });
    expect(screen.getByText('slow page')).toBeTruthy();
    act(() => vi.advanceTimersByTime(NAVIGATION_PROGRESS_MIN_MS));
    expect(bar()).toBeNull();
  });
});
