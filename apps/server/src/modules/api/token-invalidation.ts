import type { PeopleRepository } from '../people/people.repository';
import type { PgChangeNotifier } from '../sync/pg-change-notifier';
import type { ApiTokensService } from './api-tokens.service';

export interface TokenInvalidationDeps {
  people: PeopleRepository;
  tokens: ApiTokensService;
  /** The PostgreSQL fan-out between instances; null on SQLite (one instance). */
  notifier: PgChangeNotifier | null;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Roles and deactivation act at once on API tokens (issue 35): a committed change of a person,
 * or a revoked token, drops the person's cached tokens here and, through LISTEN/NOTIFY, on every
 * other instance. The cache's few seconds are left only for a notice that got lost.
 */
export function invalidateTokensOnAccessChanges({
  people,
  tokens,
  notifier,
  log,
}: TokenInvalidationDeps): void {
  const changed = (personId: string) => {
    tokens.forgetPerson(personId);
    notifier?.announceAccessChange(personId).catch((err: unknown) => {
      log.warn({ err, personId }, 'access change not announced to other instances');
    });
  };
  people.onChange(changed);
  tokens.onRevoke(changed);
  notifier?.onAccessChange((personId) => {
    if (personId === null) tokens.forgetAll();
    else tokens.forgetPerson(personId);
  });
}
