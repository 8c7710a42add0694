import { measureChecker, type Measure } from '@qa/domain';
import type { TFunction } from 'i18next';
import { personLabel, type PersonView } from '../people/use-people';

/**
 * "Wirksamkeitsprüfung durch Quinn QM" for a measure waiting for its effectiveness check, so
 * the auditor knows whom to ask; the quality department when no one in person is known.
 */
export function measureCheckerText(
  measure: Pick<Measure, 'autor'>,
  byId: ReadonlyMap<string, Pick<PersonView, 'displayName' | 'roles'>>,
  t: TFunction,
): string {
  const checker = measureChecker(measure, (id) => byId.get(id)?.roles);
  return checker === null
    ? t('measures.checkBy.quality')
    : t('measures.checkBy.person', { name: personLabel(byId, checker, t) });
}
