import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /standards: the standards in use, with import (SPEC section 2). */
export function StandardsPage() {
  return <PlaceholderPage titleKey="standards.title" />;
}
