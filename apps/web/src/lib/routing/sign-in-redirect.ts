export const SIGN_IN_PATH = '/signin';

/** Routes open to everybody (SPEC section 2: flagged anonymous). */
export const ANONYMOUS_PATHS = ['/signin', '/signout', '/resetpassword'] as const;

export function isAnonymousPath(pathname: string): boolean {
  return (ANONYMOUS_PATHS as readonly string[]).includes(pathname);
}

interface TargetLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where a visitor who may not see `location` yet is sent: /signin with the full target
 * (path, query and hash) in `redirect`, or plain /signin when the target is the root.
 */
export function buildSignInRedirect(location: TargetLocation): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (target === '/' || target === '') return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/**
 * The redirect target after sign-in, only if it stays on this origin: a path starting with
 * exactly one '/'. '//host' and '/\host' are protocol-relative URLs to browsers, and anything
 * with a scheme leaves the app; both fall back to the root.
 */
export function safeRedirectTarget(param: string | null | undefined): string {
  if (!param || !param.startsWith('/')) return '/';
  if (param.startsWith('//') || param.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are dropped by URL parsers and could hide a '//'.
  if ([...param].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return '/';
  }
  try {
    const base = 'http://app.invalid';
    if (new URL(param, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  if (param === SIGN_IN_PATH || param.startsWith(`${SIGN_IN_PATH}?`)) return '/';
  return param;
}

/**
 * The sign-in page to come back to after a failed external login: it keeps the admin view
 * (`?admin`, else the enterprise button is gone) and the redirect target, so the user can try
 * again where they were. `target` must already be safe (safeRedirectTarget).
 */
export function buildSignInReturnPath(options: { adminView: boolean; target: string }): string {
  const parts: string[] = [];
  if (options.adminView) parts.push('admin');
  if (options.target !== '/') {
    parts.push(new URLSearchParams({ redirect: options.target }).toString());
  }
  return parts.length > 0 ? `${SIGN_IN_PATH}?${parts.join('&')}` : SIGN_IN_PATH;
}
