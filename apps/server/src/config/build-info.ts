import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface BuildInfo {
  project: string;
  version: string;
  build: string;
}

function gitShortSha(): string | null {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
    return /^[0-9a-f]{4,40}$/.test(sha) ? sha : null;
  } catch {
    // No git, no repository or no commit yet (a container image, a tarball).
    return null;
  }
}

/**
 * What the drawer footer shows (SPEC section 2: project, version, build). Read once at start;
 * the version is the product's, from the root package.json.
 */
export function readBuildInfo(buildId: string | null): BuildInfo {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    name?: string;
    version?: string;
  };
  return {
    project: pkg.name ?? 'quality-audit',
    version: pkg.version ?? '0.0.0',
    build: buildId ?? gitShortSha() ?? 'dev',
  };
}
