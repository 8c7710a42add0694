import { betterAuth, type BetterAuthOptions } from 'better-auth';

/** The better-auth instance as the rest of the server uses it. */
export type Auth = ReturnType<typeof betterAuth<BetterAuthOptions>>;

export function createAuth(options: BetterAuthOptions): Auth {
  return betterAuth(options);
}
