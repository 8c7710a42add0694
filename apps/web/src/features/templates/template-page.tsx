import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /templates/:templateId: one template (SPEC section 2 "Template page"). */
export function TemplatePage() {
  return <PlaceholderPage titleKey="templates.detailTitle" />;
}
