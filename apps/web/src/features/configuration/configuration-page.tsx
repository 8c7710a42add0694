import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /configuration: one JSON editor per configuration segment. */
export function ConfigurationPage() {
  return <PlaceholderPage titleKey="configuration.title" />;
}
