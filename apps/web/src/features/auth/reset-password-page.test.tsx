import { PASSWORD_RULES } from '@qa/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render-app';
import { ResetPasswordPage } from './reset-password-page';

const routes: RouteObject[] = [{ path: '/resetpassword', element: <ResetPasswordPage /> }];

function server(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/v1/client-config': { status: 200, body: {} },
    'GET /api/v1/session': { status: 401, body: { error: { code: 'unauthenticated' } } },
    ...extra,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage', () => {
  it('requests a link and confirms without telling whether the address is known', async () => {
    const { calls } = server({
      'POST /api/auth/request-password-reset': { status: 200, body: {} },
    });
    renderRoutes(routes, '/resetpassword', 'en');
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: 'erika@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByTestId('reset-requested')).textContent).toBe(
      'If an account exists for this address, we have sent a link to reset the password.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'erika@example.com',
      redirectTo: `${window.location.origin}/resetpassword`,
    });
  });

  it('checks length and repetition of the new password before sending', async () => {
    const { calls } = server();
    renderRoutes(routes, '/resetpassword?token=t1', 'de');
    fireEvent.change(await screen.findByLabelText('Neues Passwort'), { target: { value: 'kurz' } });
    fireEvent.change(screen.getByLabelText('Neues Passwort wiederholen'), {
      target: { value: 'anders' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Neues Passwort setzen' }));
    expect(
      await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.'),
    ).toBeTruthy();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a spent link says so and offers a new one', async () => {
    server({ 'POST /api/auth/reset-password': { status: 400, body: { code: 'INVALID_TOKEN' } } });
    renderRoutes(routes, '/resetpassword?token=used', 'en');
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.change(screen.getByLabelText('Repeat new password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByTestId('reset-error')).textContent).toContain(
      'This link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/resetpassword',
    );
  });

  it('shows the error the server put into the URL, with the form to request a new link', async () => {
    server();
    renderRoutes(routes, '/resetpassword?error=INVALID_TOKEN', 'en');
    expect((await screen.findByTestId('reset-error')).textContent).toContain(
      'This link is invalid or has expired.',
    );
    expect(screen.getByRole('button', { name: 'Send link' })).toBeTruthy();
  });

  it('shows no text of its own from the URL: an unknown error is a generic one', async () => {
    server();
    renderRoutes(routes, '/resetpassword?error=Call%20us%20at%20555', 'en');
    const alert = await screen.findByTestId('reset-error');
    expect(alert.textContent).toContain('This link could not be used.');
    expect(alert.textContent).not.toContain('555');
  });

  it("translates the server's password rule with its number", async () => {
    server({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' },
      },
    });
    renderRoutes(routes, '/resetpassword?token=t1', 'de');
    fireEvent.change(await screen.findByLabelText('Neues Passwort'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.change(screen.getByLabelText('Neues Passwort wiederholen'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Neues Passwort setzen' }));
    const alert = await screen.findByTestId('reset-error');
    expect(alert.textContent).toContain(
      `Verwenden Sie mindestens ${PASSWORD_RULES.minLength} Zeichen.`,
    );
    expect(alert.textContent).not.toContain('Password too short');
  });

  it('a vanished account is never named on the reset pages', async () => {
    server({
      'POST /api/auth/request-password-reset': {
        status: 400,
        body: { code: 'USER_NOT_FOUND', message: 'User not found' },
      },
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code: 'USER_NOT_FOUND', message: 'User not found' },
      },
    });
    renderRoutes(routes, '/resetpassword', 'en');
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: 'nobody@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByTestId('reset-requested')).textContent).toContain(
      'If an account exists',
    );
    cleanup();

    renderRoutes(routes, '/resetpassword?token=t1', 'en');
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.change(screen.getByLabelText('Repeat new password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByTestId('reset-error');
    expect(alert.textContent).toContain('This link is invalid or has expired.');
    expect(alert.textContent).not.toContain('User not found');
  });
});
