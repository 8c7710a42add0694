import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /templates/:templateId/templatepreparation: the template's item list. */
export function TemplatePreparationPage() {
  return <PlaceholderPage titleKey="templates.preparationTitle" />;
}
