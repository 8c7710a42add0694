import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSignOutPending } from '../../lib/session/pending-sign-out';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render-app';
import { SignInPage } from './sign-in-page';
import { testPerson } from '../../test/test-person';

const PERSON = testPerson();

const CONFIG = {
  project: 'quality-audit',
  version: '0.6.2',
  build: 'test',
  reloadEnabled: false,
  enterpriseLogin: [{ providerId: 'enterprise', label: 'Company login' }],
  socialLogin: [{ providerId: 'google', label: 'Google' }],
};

const routes: RouteObject[] = [
  { path: '/signin', element: <SignInPage /> },
  { path: '/resetpassword', element: <p>reset page</p> },
  { path: '*', element: <p>landed</p> },
];

function signedOutServer(signIn: { status: number; body?: unknown }) {
  let signedIn = false;
  return fakeServer({
    'GET /api/v1/client-config': { status: 200, body: CONFIG },
    'GET /api/v1/session': () =>
      signedIn
        ? { status: 200, body: { person: PERSON } }
        : { status: 401, body: { error: { code: 'unauthenticated', message: 'no' } } },
    'POST /api/auth/sign-in/email': () => {
      if (signIn.status === 200) signedIn = true;
      return signIn;
    },
  });
}

function fillAndSubmit(labels: { email: string; password: string; submit: string }) {
  fireEvent.change(screen.getByLabelText(labels.email), {
    target: { value: 'erika@example.com' },
  });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'secret-pw-1' } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('SignInPage', () => {
  it('renders in English', async () => {
    signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin', 'en');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
  });

  it('renders in German', async () => {
    signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin', 'de');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText('E-Mail')).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passwort zurücksetzen' })).toBeTruthy();
  });

  it('shows the translated error of a 401 in a dismissible alert', async () => {
    const server = signedOutServer({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    renderRoutes(routes, '/signin', 'en');
    await screen.findByRole('heading', { name: 'Sign In' });
    fillAndSubmit({ email: 'E-mail', password: 'Password', submit: 'Sign in' });

    const alert = await screen.findByTestId('signin-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Wrong e-mail or password.');
    expect(server.calls.find((c) => c.path === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'erika@example.com',
      password: 'secret-pw-1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('signin-error')).toBeNull());
  });

  it('shows the German text for the same error', async () => {
    signedOutServer({ status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' } });
    renderRoutes(routes, '/signin', 'de');
    await screen.findByRole('heading', { name: 'Anmelden' });
    fillAndSubmit({ email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' });
    expect((await screen.findByTestId('signin-error')).textContent).toContain(
      'E-Mail oder Passwort ist falsch.',
    );
  });

  it('says when the rate limit hits', async () => {
    signedOutServer({ status: 429, body: { message: 'Too many requests' } });
    renderRoutes(routes, '/signin', 'en');
    await screen.findByRole('heading', { name: 'Sign In' });
    fillAndSubmit({ email: 'E-mail', password: 'Password', submit: 'Sign in' });
    expect((await screen.findByTestId('signin-error')).textContent).toContain('Too many attempts');
  });

  it('goes to the redirect target after signing in', async () => {
    signedOutServer({ status: 200, body: { token: 't' } });
    const { router } = renderRoutes(routes, '/signin?redirect=%2Faudit%2F1%3Fx%3D1%23h', 'en');
    await screen.findByRole('heading', { name: 'Sign In' });
    fillAndSubmit({ email: 'E-mail', password: 'Password', submit: 'Sign in' });
    await screen.findByText('landed');
    const { pathname, search, hash } = router.state.location;
    expect(`${pathname}${search}${hash}`).toBe('/audit/1?x=1#h');
  });

  it('never follows a redirect to another origin', async () => {
    signedOutServer({ status: 200, body: {} });
    const { router } = renderRoutes(routes, '/signin?redirect=%2F%2Fevil.com', 'en');
    await screen.findByRole('heading', { name: 'Sign In' });
    fillAndSubmit({ email: 'E-mail', password: 'Password', submit: 'Sign in' });
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers enterprise login only in the admin view, social login always', async () => {
    signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin', 'en');
    expect(await screen.findByTestId('social-login-google')).toBeTruthy();
    expect(screen.queryByTestId('enterprise-login-enterprise')).toBeNull();
    cleanup();

    renderRoutes(routes, '/signin?admin', 'en');
    expect(await screen.findByTestId('enterprise-login-enterprise')).toBeTruthy();
  });

  it('explains the no-person-record return of an external login', async () => {
    signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin?error=no_person_record', 'en');
    expect((await screen.findByTestId('signin-error')).textContent).toContain(
      'no person is registered for this e-mail address',
    );
  });

  it.each([
    ['Your account is locked. Call +1 555 0100 now', 'en'],
    ['<b>hacked</b>', 'de'],
    ['INVALID_EMAIL_OR_PASSWORD', 'en'],
  ] as const)('never shows the text of ?error=%j, only a generic message', async (text, lang) => {
    signedOutServer({ status: 401 });
    renderRoutes(routes, `/signin?error=${encodeURIComponent(text)}`, lang);
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent).not.toContain(text);
    expect(alert.textContent).toContain(
      lang === 'en'
        ? 'The sign-in with the external provider did not succeed.'
        : 'Die Anmeldung über den externen Anbieter ist fehlgeschlagen.',
    );
  });

  it('explains an e-mail address the provider did not confirm, in German', async () => {
    signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin?error=email_not_verified', 'de');
    expect((await screen.findByTestId('signin-error')).textContent).toContain(
      'Ihre E-Mail-Adresse ist nicht bestätigt',
    );
  });

  it('translates better-auth codes instead of showing the English server text', async () => {
    signedOutServer({ status: 403, body: { code: 'INVALID_ORIGIN', message: 'Invalid origin' } });
    renderRoutes(routes, '/signin', 'de');
    await screen.findByRole('heading', { name: 'Anmelden' });
    fillAndSubmit({ email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' });
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent).toContain('Öffnen Sie die Anwendung unter ihrer eingerichteten');
    expect(alert.textContent).not.toContain('Invalid origin');
    expect(screen.queryByTestId('signin-error-detail')).toBeNull();
  });

  it("shows the server's words of an unknown code only as a secondary detail", async () => {
    signedOutServer({
      status: 500,
      body: { code: 'SOMETHING_NEW', message: 'Database is locked' },
    });
    renderRoutes(routes, '/signin', 'de');
    await screen.findByRole('heading', { name: 'Anmelden' });
    fillAndSubmit({ email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' });
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent).toContain('Etwas ist schiefgegangen.');
    expect(screen.getByTestId('signin-error-detail').textContent).toBe(
      'Meldung des Servers: Database is locked',
    );
  });

  it('comes back to the admin view and the target after a failed external login', async () => {
    const server = signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin?admin&redirect=%2Ftemplates%3Fx%3D1', 'en');
    fireEvent.click(await screen.findByTestId('enterprise-login-enterprise'));
    await screen.findByTestId('signin-error');
    const body = server.calls.find((c) => c.path === '/api/auth/sign-in/oauth2')?.body as {
      callbackURL: string;
      errorCallbackURL: string;
    };
    const origin = window.location.origin;
    expect(body.callbackURL).toBe(`${origin}/templates?x=1`);
    const back = new URL(body.errorCallbackURL);
    expect(back.origin).toBe(origin);
    expect(back.pathname).toBe('/signin');
    expect(back.searchParams.has('admin')).toBe(true);
    expect(back.searchParams.get('redirect')).toBe('/templates?x=1');
  });

  it('keeps the callback on this origin even when the redirect points elsewhere', async () => {
    const server = signedOutServer({ status: 401 });
    renderRoutes(routes, '/signin?redirect=%2F%2Fevil.com', 'en');
    fireEvent.click(await screen.findByTestId('social-login-google'));
    await screen.findByTestId('signin-error');
    const body = server.calls.find((c) => c.path === '/api/auth/sign-in/oauth2')?.body as {
      callbackURL: string;
      errorCallbackURL: string;
    };
    expect(body.callbackURL).toBe(`${window.location.origin}/`);
    expect(body.errorCallbackURL).toBe(`${window.location.origin}/signin`);
  });

  it('names providers without a label: a translated default, or the provider id', async () => {
    const unlabelled = {
      ...CONFIG,
      enterpriseLogin: [{ providerId: 'enterprise', label: null }],
      socialLogin: [{ providerId: 'google', label: null }],
    };
    fakeServer({
      'GET /api/v1/client-config': { status: 200, body: unlabelled },
      'GET /api/v1/session': { status: 401, body: { error: { code: 'unauthenticated' } } },
    });
    renderRoutes(routes, '/signin?admin', 'de');
    await waitFor(() =>
      expect(screen.getByTestId('enterprise-login-enterprise').textContent).toBe(
        'Weiter mit Unternehmens-Login',
      ),
    );
    expect(screen.getByTestId('social-login-google').textContent).toBe('Weiter mit google');
    cleanup();

    renderRoutes(routes, '/signin?admin', 'en');
    await waitFor(() =>
      expect(screen.getByTestId('enterprise-login-enterprise').textContent).toBe(
        'Continue with Enterprise login',
      ),
    );
  });

  it('ends a sign-out made offline before signing in again', async () => {
    markSignOutPending();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let session: 'old' | 'none' | 'new' = 'old';
    let signOutTries = 0;
    const server = fakeServer({
      'GET /api/v1/client-config': { status: 200, body: CONFIG },
      'GET /api/v1/session': () =>
        session === 'new'
          ? { status: 200, body: { person: PERSON } }
          : { status: 401, body: { error: { code: 'unauthenticated' } } },
      // The first try (the check at start) fails; the server is back when the user signs in.
      'POST /api/auth/sign-out': () => {
        signOutTries += 1;
        if (signOutTries === 1) return { status: 503, body: { code: 'SERVICE_UNAVAILABLE' } };
        session = 'none';
        return { status: 200, body: { success: true } };
      },
      'POST /api/auth/sign-in/email': () => {
        session = 'new';
        return { status: 200, body: {} };
      },
    });
    renderRoutes(routes, '/signin', 'en');
    await screen.findByRole('heading', { name: 'Sign In' });
    await waitFor(() => expect(signOutTries).toBe(1));
    fillAndSubmit({ email: 'E-mail', password: 'Password', submit: 'Sign in' });
    await screen.findByText('landed');
    const posts = server.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual(['/api/auth/sign-out', '/api/auth/sign-out', '/api/auth/sign-in/email']);
  });
});
