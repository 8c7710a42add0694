import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { requestFocusOnArrival } from './focus-on-arrival';
import { PageLayout } from './page-layout';

/** Pages as the app has them: an h1 (PageLayout) and controls that navigate. */
function MatrixPage() {
  const navigate = useNavigate();
  return (
    <PageLayout title="Audit matrix">
      <Link to="/audit/a1">Werk Styr</Link>
      <Link to="?year=2025">2025</Link>
      {/* As the audit dialog: saving unmounts the control and opens the new audit. */}
      <button onClick={() => void navigate('/audit/a1')}>Save</button>
    </PageLayout>
  );
}

function AuditPage() {
  const navigate = useNavigate();
  return (
    <PageLayout title="Werk Styr">
      <nav aria-label="Phases">
        <Link to="/audit/a1" role="tab">
          Preparation
        </Link>
        <Link to="/audit/a1/execution" role="tab">
          Execution
        </Link>
      </nav>
      {/* As the stepper: the control stays, yet the work continues on the new page. */}
      <button
        onClick={() => {
          requestFocusOnArrival();
          void navigate('/audit/a1/execution');
        }}
      >
        Continue
      </button>
    </PageLayout>
  );
}

/**
 * A page whose title mounts again once its content loaded, with a menu opened meanwhile (MUI
 * renders menus in a portal, outside main).
 */
function LatePage() {
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <PageLayout key={loaded ? 'loaded' : 'loading'} title={loaded ? 'Werk Styr' : 'Audit'}>
        <p>Questions</p>
      </PageLayout>
      {createPortal(
        <div role="menu">
          <button role="menuitem" onClick={() => setLoaded(true)}>
            Import
          </button>
        </div>,
        document.body,
      )}
    </>
  );
}

function SignInPage() {
  return (
    <PageLayout title="Sign in">
      <input aria-label="E-mail" autoFocus />
    </PageLayout>
  );
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auditmatrix', element: <MatrixPage /> },
      { path: '/audit/:auditId/*', element: <AuditPage /> },
      { path: '/signin', element: <SignInPage /> },
      { path: '/late', element: <LatePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <main>
      <RouterProvider router={router} />
    </main>,
  );
  return router;
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('FocusOnArrival', () => {
  afterEach(cleanup);

  // First: the module remembers whether this document has navigated yet.
  it('leaves the focus alone on the first page of the document', () => {
    renderApp('/auditmatrix');
    expect(heading('Audit matrix')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('puts the focus on the new page’s h1 after a link or a save (issue 18.4)', async () => {
    renderApp('/auditmatrix');
    const link = screen.getByRole('link', { name: 'Werk Styr' });
    act(() => link.focus());
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Werk Styr' })).toBe(
      document.activeElement,
    );
    expect(heading('Werk Styr').tabIndex).toBe(-1);

    cleanup();
    renderApp('/auditmatrix');
    const save = screen.getByRole('button', { name: 'Save' });
    act(() => save.focus());
    fireEvent.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: 'Werk Styr' })).toBe(
      document.activeElement,
    );
  });

  it('keeps the focus when only the query changed', async () => {
    const router = renderApp('/auditmatrix');
    const year = screen.getByRole('link', { name: '2025' });
    act(() => year.focus());
    fireEvent.click(year);
    await act(async () => {});
    expect(router.state.location.search).toBe('?year=2025');
    expect(document.activeElement).toBe(year);
  });

  it('keeps the focus on a tab that switched the phase, and where a page put it', async () => {
    const router = renderApp('/audit/a1');
    const tab = screen.getByRole('tab', { name: 'Execution' });
    act(() => tab.focus());
    fireEvent.click(tab);
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/audit/a1/execution');
    expect(document.activeElement).toBe(tab);

    await act(() => router.navigate('/signin'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'E-mail' }));
  });

  it('moves the focus to the h1 when asked, although the control is still there', async () => {
    const router = renderApp('/audit/a1');
    const next = screen.getByRole('button', { name: 'Continue' });
    act(() => next.focus());
    fireEvent.click(next);
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/audit/a1/execution');
    expect(document.activeElement).toBe(heading('Werk Styr'));
  });

  it('does not take the focus from a menu when the page title mounts again on the same page', async () => {
    const router = renderApp('/auditmatrix');
    await act(() => router.navigate('/late'));
    expect(document.activeElement).toBe(heading('Audit'));
    const item = screen.getByRole('menuitem', { name: 'Import' });
    act(() => item.focus());
    fireEvent.click(item);
    expect(await screen.findByRole('heading', { level: 1, name: 'Werk Styr' })).toBeTruthy();
    expect(document.activeElement).toBe(item);
  });
});
