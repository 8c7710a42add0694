import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /measures: the measure list (SPEC section 2 "Measures list"). */
export function MeasuresPage() {
  return <PlaceholderPage titleKey="measures.title" />;
}
