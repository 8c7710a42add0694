import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /customerdata: the autocompletion list editor. */
export function CustomerDataPage() {
  return <PlaceholderPage titleKey="customerData.title" />;
}
