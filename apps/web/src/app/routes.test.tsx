import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { renderRoutes } from '../test/render-app';
import { createRoutes } from './routes';
import { testPerson } from '../test/test-person';

const PERSON = testPerson({ roles: ['user', 'admin'] });

function server(signedIn: boolean) {
  return fakeServer({
    'GET /api/v1/client-config': { status: 200, body: { version: '0.6.2', build: 'abc' } },
    'GET /api/v1/session': signedIn
      ? { status: 200, body: { person: PERSON } }
      : { status: 200, body: { person: null } },
  });
}

const fullPath = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('route guard', () => {
  it('sends a signed-out visitor to /signin with the full target', async () => {
    server(false);
    const { router } = renderRoutes(createRoutes(), '/auditmatrix?year=2026#top', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/auditmatrix?year=2026#top',
    );
  });

  it('sends a signed-out visitor from the root to plain /signin', async () => {
    server(false);
    const { router } = renderRoutes(createRoutes(), '/', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(fullPath(router.state.location)).toBe('/signin');
  });

  it('keeps a signed-in visitor on the target while the session is checked (no detour)', async () => {
    server(true);
    // The session answers late, as over a real network.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/v1/session')) {
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return answer(input, init);
    });
    const { router } = renderRoutes(createRoutes(), '/measures', 'en');
    const visited: string[] = [router.state.location.pathname];
    const unsubscribe = router.subscribe((state) => visited.push(state.location.pathname));
    await screen.findByRole('heading', { level: 1, name: 'Measures' });
    unsubscribe();
    // A detour through /signin remounted the page once the check answered, losing its state.
    expect(visited).not.toContain('/signin');
  });

  it('sends a signed-in user on /signin to the redirect target', async () => {
    server(true);
    const { router } = renderRoutes(createRoutes(), '/signin?redirect=%2Fmeasures', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Measures' });
    expect(fullPath(router.state.location)).toBe('/measures');
  });
});

describe('route table (SPEC section 2)', () => {
  // jsdom has no IndexedDB, so there is no replica and no audit a1: the container says so.
  const titles: [string, string][] = [
    ['/', 'Dashboard'],
    ['/users', 'Users'],
    ['/users/create', 'New user'],
    ['/user/u1', 'Profile'],
    ['/users/u1', 'Profile'],
    ['/auditmatrix', 'Audit programme'],
    ['/audit/a1/auditpreparation', '404 Document not found'],
    ['/audit/a1/auditexecution', '404 Document not found'],
    ['/audit/a1/auditwrapup', '404 Document not found'],
    ['/audit/a1/auditreporting', '404 Document not found'],
    ['/audit/a1/auditactionlist', '404 Document not found'],
    ['/audit/a1/edit', '404 Document not found'],
    ['/camera', 'Camera'],
    ['/templates', 'Templates and question pool'],
    ['/templates/t1', '404 Document not found'],
    ['/templates/t1/templatepreparation', '404 Document not found'],
    ['/standards', 'Used Standards'],
    ['/standard/iso9001', '404 Document not found'],
    ['/measures', 'Measures'],
    // The list with the measure's dialog over it (no replica here: the id is unknown).
    ['/measures/m1', 'Measures'],
    ['/measure/m1', 'Measures'],
    ['/configuration', 'Configuration'],
    ['/customerdata', 'Customer data'],
    ['/settings', 'Settings'],
    ['/webhooks', 'Webhooks'],
    ['/auditimport', 'Audit import'],
    ['/no/such/page', 'Page not found'],
  ];

  it.each(titles)('%s shows "%s"', async (path, title) => {
    server(true);
    const { router } = renderRoutes(createRoutes(), path, 'en');
    await screen.findByRole('heading', { level: 1, name: title });
    expect(router.state.location.pathname).toBe(path);
  });

  it('greets the signed-in person on the dashboard, with its widgets', async () => {
    server(true);
    renderRoutes(createRoutes(), '/', 'en');
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toBe(
      'Hello, Erika Muster',
    );
    // No replica in jsdom: every widget says it has nothing yet.
    expect(screen.getByTestId('dashboard-audits').textContent).toContain(
      'No open audits of yours.',
    );
    expect(screen.getByTestId('dashboard-measures').textContent).toContain(
      'No open measures assigned to you.',
    );
    expect(screen.getByTestId('dashboard-favorites').textContent).toContain('Star audits');
  });

  it('speaks German too', async () => {
    server(true);
    renderRoutes(createRoutes(), '/users', 'de');
    await screen.findByRole('heading', { level: 1, name: 'Benutzer' });
    expect((await screen.findByTestId('users-header')).textContent).toContain('Rollen');
    await waitFor(() =>
      expect(screen.getByTestId('user-menu-button').getAttribute('aria-label')).toContain(
        'Erika Muster',
      ),
    );
  });
});
