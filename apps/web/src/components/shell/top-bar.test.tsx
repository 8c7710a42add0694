import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-app';
import { testPerson } from '../../test/test-person';
import { RightDrawerProvider } from './right-drawer-provider';
import { TopBar } from './top-bar';

const PERSON = testPerson();

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A server whose session answer waits until the test gives it. */
function slowSessionServer() {
  let answer: ((body: unknown) => void) | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname !== '/api/v1/session') return Promise.resolve(json({ version: '0.6.2' }));
      return new Promise<Response>((resolve) => {
        answer = (body) => resolve(json(body));
      });
    }),
  );
  return {
    async answer(body: unknown) {
      await waitFor(() => expect(answer).not.toBeNull());
      answer!(body);
    },
  };
}

function renderTopBar() {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <RightDrawerProvider>
            <TopBar drawerId="drawer" drawerOpen={false} onToggleDrawer={() => {}} />
          </RightDrawerProvider>
        ),
      },
    ],
    '/auditmatrix',
    'en',
  );
  return screen.getByRole('banner');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TopBar', () => {
  it('stays empty while the session is checked, then shows the signed-in items at once', async () => {
    const server = slowSessionServer();
    const bar = renderTopBar();
    // The menu button would otherwise appear before the title and push it aside (layout shift).
    expect(bar.querySelector('a, button')).toBeNull();
    await server.answer({ person: PERSON });
    expect(await within(bar).findByRole('button', { name: 'Main menu' })).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Quality Audit' })).toBeTruthy();
  });

  it('shows the title and the language switch, no menu, once it is known nobody is signed in', async () => {
    const server = slowSessionServer();
    const bar = renderTopBar();
    expect(bar.querySelector('a, button')).toBeNull();
    await server.answer({ person: null });
    expect(await within(bar).findByRole('link', { name: 'Quality Audit' })).toBeTruthy();
    // The buttons after the title come in the render right after it (issue 40).
    expect(await within(bar).findByTestId('language-switch')).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Main menu' })).toBeNull();
  });
});
