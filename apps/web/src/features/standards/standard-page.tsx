import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /standard/:standardId: name, description and chapters of one standard. */
export function StandardPage() {
  return <PlaceholderPage titleKey="standards.detailTitle" />;
}
