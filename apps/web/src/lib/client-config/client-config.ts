// Types only: the domain's zod schemas stay out of the entry chunk; parsing is done by hand.
import type { ClientConfig, LoginProvider } from '@qa/domain';
import { apiGet } from '../api/api-client';

/** Build-time values: used until the server answers, and when it cannot be reached. */
export const BUILD_CLIENT_CONFIG: ClientConfig = {
  project: 'quality-audit',
  version: __APP_VERSION__,
  build: __APP_BUILD__,
  reloadEnabled: false,
  enterpriseLogin: [],
  socialLogin: [],
};

const CACHE_KEY = 'qa.clientConfig';

/**
 * What the shell and the sign-in page need before anyone signs in (docs/api.md), read
 * tolerantly: a missing or malformed field keeps its build-time value.
 */
export function parseClientConfig(value: unknown): ClientConfig {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const text = (key: 'project' | 'version' | 'build') =>
    typeof raw[key] === 'string' && raw[key] ? raw[key] : BUILD_CLIENT_CONFIG[key];
  return {
    project: text('project'),
    version: text('version'),
    build: text('build'),
    reloadEnabled: raw.reloadEnabled === true,
    enterpriseLogin: parseProviders(raw.enterpriseLogin),
    socialLogin: parseProviders(raw.socialLogin),
  };
}

function parseProviders(value: unknown): LoginProvider[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { providerId, label } = entry as Record<string, unknown>;
    if (typeof providerId !== 'string' || !providerId) return [];
    // No label: null, and the sign-in page shows its translated default.
    return [{ providerId, label: typeof label === 'string' && label ? label : null }];
  });
}

/** The last answer, so a start with no network still shows the server's project and build. */
export function readCachedClientConfig(): ClientConfig | null {
  try {
    const text = window.localStorage.getItem(CACHE_KEY);
    return text ? parseClientConfig(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export async function fetchClientConfig(): Promise<ClientConfig> {
  const config = parseClientConfig(await apiGet<unknown>('/api/v1/client-config'));
  try {
    window.localStorage.setItem(CACHE_KEY, JSON.stringify(config));
  } catch {
    // Caching is a convenience for offline starts only.
  }
  return config;
}
