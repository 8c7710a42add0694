import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /measures/:id and /measure/:id: the measure dialog (named route measuredialog). */
export function MeasurePage() {
  return <PlaceholderPage titleKey="measures.detailTitle" />;
}
