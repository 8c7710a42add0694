import type { Person } from '@qa/domain';

/**
 * SPEC section 4 "Session": after sign-in the data loads in this order. Each feature registers
 * its loader for its step when it lands (the sync engine for most of them); steps without a
 * loader are skipped. This file is the one place that knows the order.
 */
export const SIGNED_IN_LOAD_ORDER = [
  'configuration',
  'autocompletes',
  'users',
  'roles',
  'measures',
  'standards',
  'templates',
  'activities',
] as const;
export type SignedInLoadStep = (typeof SIGNED_IN_LOAD_ORDER)[number];

type Loader = (person: Person) => Promise<void>;
type Cleanup = () => void | Promise<void>;

const loaders = new Map<SignedInLoadStep, Loader>();
const cleanups = new Set<Cleanup>();

export function registerSignedInLoader(step: SignedInLoadStep, loader: Loader): () => void {
  loaders.set(step, loader);
  return () => {
    if (loaders.get(step) === loader) loaders.delete(step);
  };
}

/** Runs the loaders one after another; a failing step is logged and the next still runs. */
export async function loadSignedInData(person: Person): Promise<void> {
  for (const step of SIGNED_IN_LOAD_ORDER) {
    const loader = loaders.get(step);
    if (!loader) continue;
    try {
      await loader(person);
    } catch (error) {
      // SPEC section 8: load failures are logged; the app stays usable.
      console.error(`loading ${step} after sign-in failed`, error);
    }
  }
}

/** Whatever holds user data (caches, replica, outbox) registers how to forget it on sign-out. */
export function registerSignOutCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

export async function runSignOutCleanup(): Promise<void> {
  for (const cleanup of [...cleanups]) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up on sign-out failed', error);
    }
  }
}
