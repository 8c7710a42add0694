import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_TOKENS_PER_PERSON,
  apiTokenCreateSchema,
  apiTokenExpiry,
  apiTokenExpiryDay,
  canSignIn,
  parseApiToken,
  type ApiToken,
  type ApiTokenCreated,
  type Person,
} from '@qa/domain';
import { AppError } from '../../shared/app-error';
import type { PeopleRepository } from '../people/people.repository';
import type { ApiTokensRepository, StoredApiToken } from './api-tokens.repository';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * A token's person and state are read again after this long. Changes of a person (roles,
 * deactivation) and revocations drop the entries at once, on every instance (`forgetPerson`);
 * this bounds what a lost notice can cost.
 */
const CACHE_MS = 5_000;
/** `last_used_at` is written at most this often per token. */
const TOUCH_MS = 60_000;

function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function publicToken(token: StoredApiToken): ApiToken {
  const { personId: _p, secretHash: _h, ...rest } = token;
  return rest;
}

/** The person a token acts for, and the token (its read-only flag and id for the rate limit). */
export interface TokenCaller {
  person: Person;
  token: StoredApiToken;
}

/**
 * Personal API tokens (issue 16): created and revoked by their owner on the profile, shown
 * once, stored hashed, with an expiry and a read-only option. A token acts with its person's
 * current roles; a person who can no longer sign in (deactivated, login removed) has no working
 * tokens.
 */
export class ApiTokensService {
  private readonly cache = new Map<string, { caller: TokenCaller; until: number }>();
  private readonly touched = new Map<string, number>();
  /** Counts forgets: a lookup that began before one does not cache what it read. */
  private generation = 0;
  private readonly revokeListeners = new Set<(personId: string) => void>();

  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly people: PeopleRepository,
    private readonly clock: () => Date = () => new Date(),
    private readonly cacheMs = CACHE_MS,
  ) {}

  /** Drops what the cache knows of the person's tokens: the next request reads them again. */
  forgetPerson(personId: string): void {
    this.generation += 1;
    for (const [id, entry] of this.cache) {
      if (entry.caller.person.id === personId) this.cache.delete(id);
    }
  }

  /** Drops the whole cache (notices from other instances may have been missed). */
  forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** Calls `listener` with the owner of every token revoked here (to tell other instances). */
  onRevoke(listener: (personId: string) => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  async list(person: Person): Promise<ApiToken[]> {
    return (await this.tokens.ofPerson(person.id)).map(publicToken);
  }

  async create(person: Person, body: unknown): Promise<ApiTokenCreated> {
    const parsed = apiTokenCreateSchema.safeParse(body);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
      throw new AppError('invalid_request', `invalid ${field}`, undefined, [
        { key: 'validation.invalid', params: { field } },
      ]);
    }
    const now = this.clock();
    const expiry = apiTokenExpiryDay(parsed.data.expiresAt, now);
    if (!expiry.ok) {
      throw new AppError('invalid_request', 'expiresAt out of range', undefined, [expiry.message]);
    }
    const day = expiry.day;
    const live = (await this.tokens.ofPerson(person.id)).filter(
      (token) => token.revokedAt === null && token.expiresAt > now.toISOString(),
    );
    if (live.length >= API_TOKENS_PER_PERSON) {
      throw new AppError('conflict', 'too many tokens', undefined, [
        { key: 'apiToken.tooMany', params: { max: API_TOKENS_PER_PERSON } },
      ]);
    }
    const id = randomId(16);
    const secret = randomBytes(32).toString('base64url');
    const token: StoredApiToken = {
      id,
      personId: person.id,
      name: parsed.data.name,
      secretHash: hashSecret(secret),
      readOnly: parsed.data.readOnly,
      backup: parsed.data.backup,
      createdAt: now.toISOString(),
      expiresAt: apiTokenExpiry(day),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.tokens.insert(token);
    return { token: publicToken(token), secret: `qat_${id}_${secret}` };
  }

  async revoke(person: Person, id: string): Promise<void> {
    const revoked = await this.tokens.revoke(person.id, id, this.clock().toISOString());
    this.cache.delete(id);
    if (!revoked) throw new AppError('not_found', 'no such token');
    for (const listener of this.revokeListeners) listener(person.id);
  }

  /**
   * The caller of a bearer token, or an AppError: `token_invalid` (not ours, unknown, wrong
   * secret), `token_revoked`, `token_expired`; `unauthenticated` when its person may no longer
   * sign in.
   */
  async authenticate(bearer: string): Promise<TokenCaller> {
    const parsed = parseApiToken(bearer);
    if (!parsed) throw new AppError('token_invalid', 'not an API token');
    const now = this.clock();
    const cached = this.cache.get(parsed.id);
    let caller: TokenCaller;
    if (cached && cached.until > now.getTime()) {
      caller = cached.caller;
    } else {
      const generation = this.generation;
      const token = await this.tokens.find(parsed.id);
      if (!token) throw new AppError('token_invalid', 'unknown API token');
      const person = await this.people.findById(token.personId);
      if (!person || !canSignIn(person)) throw new AppError('unauthenticated', 'cannot sign in');
      caller = { person, token };
      // A change committed while we read may not be in what we read: use it once, keep nothing.
      if (generation === this.generation) {
        this.cache.set(parsed.id, { caller, until: now.getTime() + this.cacheMs });
      }
    }
    const expected = Buffer.from(caller.token.secretHash, 'hex');
    const given = Buffer.from(hashSecret(parsed.secret), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('token_invalid', 'unknown API token');
    }
    if (caller.token.revokedAt !== null) throw new AppError('token_revoked', 'token revoked');
    if (caller.token.expiresAt <= now.toISOString()) {
      throw new AppError('token_expired', 'token expired');
    }
    const lastTouch = this.touched.get(caller.token.id) ?? 0;
    if (now.getTime() - lastTouch >= TOUCH_MS) {
      this.touched.set(caller.token.id, now.getTime());
      await this.tokens.touch(caller.token.id, now.toISOString());
    }
    return caller;
  }
}
