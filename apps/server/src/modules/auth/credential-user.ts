import type { DBAdapter, DBTransactionAdapter } from 'better-auth';

export interface CredentialUser {
  name: string;
  email: string;
  /** From better-auth's hasher (`(await auth.$context).password.hash`). */
  passwordHash: string;
}

/**
 * Creates a better-auth user with an e-mail+password login, from server code. This is what
 * better-auth's admin plugin does for `createUser`, without exposing an endpoint and without
 * its database hooks (the caller links the person itself, usually in the same transaction).
 * The e-mail counts as verified: an admin entered it for a known person.
 */
export async function insertCredentialUser(
  adapter: Pick<DBAdapter | DBTransactionAdapter, 'create'>,
  { name, email, passwordHash }: CredentialUser,
): Promise<{ id: string }> {
  const now = new Date();
  const user = await adapter.create<Record<string, unknown>, { id: string }>({
    model: 'user',
    data: { name, email: email.toLowerCase(), emailVerified: true, createdAt: now, updatedAt: now },
  });
  await adapter.create({
    model: 'account',
    data: {
      providerId: 'credential',
      accountId: user.id,
      userId: user.id,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    },
  });
  return user;
}
