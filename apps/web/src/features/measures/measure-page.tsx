import { MeasuresPage } from './measures-page';

/**
 * /measures/:id and /measure/:id (the named route measuredialog): the measure list with the
 * measure's dialog over it; an unknown id says so (SPEC section 8).
 */
export function MeasurePage() {
  return <MeasuresPage />;
}
