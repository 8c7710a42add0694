import { apiPost } from '../../lib/api/api-client';

/** better-auth endpoints under /api/auth (docs/api.md "Authentication"). */

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await apiPost('/api/auth/sign-in/email', { email, password });
}

/** Starts an OpenID Connect login; resolves with the provider URL the browser must go to. */
export async function startOAuth2SignIn(input: {
  providerId: string;
  callbackURL: string;
  errorCallbackURL: string;
}): Promise<string> {
  const answer = await apiPost<{ url?: unknown }>('/api/auth/sign-in/oauth2', input);
  if (typeof answer?.url !== 'string' || !answer.url) throw new Error('no provider url');
  return answer.url;
}

/** Answers the same whether or not the address is known (no account probing). */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<void> {
  await apiPost('/api/auth/request-password-reset', { email, redirectTo });
}

export async function resetPassword(newPassword: string, token: string): Promise<void> {
  await apiPost('/api/auth/reset-password', { newPassword, token });
}
