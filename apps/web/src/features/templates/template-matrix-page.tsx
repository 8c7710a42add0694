import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /templates: template matrix and question pool (SPEC section 2). */
export function TemplateMatrixPage() {
  return <PlaceholderPage titleKey="templates.title" />;
}
