import type { CookieJar } from './cookie-jar';

export interface OAuthLoginResult {
  /** Where the browser ended up (after the app's callback redirect). */
  finalUrl: URL;
  status: number;
  chain: string[];
}

/**
 * Drives an OpenID Connect login through the test provider like a browser: start at the app,
 * follow to the provider's form, submit the e-mail, follow back through the app's callback.
 */
export async function oauthLogin(
  jar: CookieJar,
  appUrl: string,
  {
    providerId,
    email,
    errorCallbackURL = '/signin',
  }: { providerId: string; email: string; errorCallbackURL?: string },
): Promise<OAuthLoginResult> {
  const start = await jar.json(`${appUrl}/api/auth/sign-in/oauth2`, {
    providerId,
    callbackURL: '/',
    errorCallbackURL,
  });
  if (start.status !== 200) throw new Error(`sign-in start: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };

  const form = await jar.follow(url);
  const page = await form.response.text();
  if (form.response.status !== 200 || !page.includes('name="email"')) {
    throw new Error(`no login form at ${form.url.toString()}: ${form.response.status} ${page}`);
  }
  const done = await jar.follow(form.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  await done.response.arrayBuffer();
  return {
    finalUrl: done.url,
    status: done.response.status,
    chain: [...form.chain, ...done.chain],
  };
}
