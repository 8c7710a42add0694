import Alert from '@mui/material/Alert';
import {
  can,
  CONFIG_SEGMENTS,
  CONFIGURATION_COLLECTION,
  updateConfigurationCommand,
  type Person,
} from '@qa/domain';
import type { Query } from '@qa/sync';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/pages/page-layout';
import { PageSpinner } from '../../components/pages/page-spinner';
import { usePerson } from '../../lib/session/session-provider';
import { useQuery } from '../../lib/sync/use-query';
import { useSyncState } from '../../lib/sync/use-sync-state';
import { ConfigSegmentSection } from './config-segment-section';

const CONFIGURATION_QUERY: Query = { collection: CONFIGURATION_COLLECTION, filters: [] };

/** Whether the person may change the configuration: the same rule the server applies. */
function mayUpdate(person: Person | null): boolean {
  const action = updateConfigurationCommand.action;
  return person !== null && action !== undefined && can(person.roles, action, {});
}

/** /configuration: one JSON editor per configuration segment (admins edit, others read). */
export function ConfigurationPage() {
  const { t } = useTranslation();
  const person = usePerson();
  const canEdit = mayUpdate(person);
  const { documents, loading } = useQuery(CONFIGURATION_QUERY);
  const { connection } = useSyncState();
  const byId = useMemo(() => new Map(documents.map((doc) => [doc.id, doc])), [documents]);

  let content;
  if (loading) {
    content = <PageSpinner label={t('configuration.loading')} />;
  } else if (documents.length === 0 && connection === 'offline') {
    content = (
      <Alert severity="info" variant="outlined" data-testid="configuration-empty">
        {t('configuration.emptyOffline')}
      </Alert>
    );
  } else {
    content = CONFIG_SEGMENTS.map((segment) => (
      <ConfigSegmentSection
        key={segment}
        segment={segment}
        document={byId.get(segment)}
        canEdit={canEdit}
        online={connection === 'online'}
      />
    ));
  }

  return (
    <PageLayout title={t('configuration.title')}>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="configuration-read-only">
          {t('configuration.readOnly')}
        </Alert>
      )}
      {content}
    </PageLayout>
  );
}
