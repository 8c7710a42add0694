import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import { can, STANDARDS_COLLECTION, importStandardCommand } from '@qa/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GroupedList } from '../../components/list/grouped-list';
import { PageLayout } from '../../components/pages/page-layout';
import { useListConfig } from '../../lib/config/use-list-config';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePerson } from '../../lib/session/session-provider';
import type { SyncState } from '../../lib/sync/sync-types';
import { useQuery } from '../../lib/sync/use-query';
import { standardRow, type StandardRow } from './standard-document';
import { StandardImportDialog } from './standard-import-dialog';

type Row = StandardRow & { state: SyncState };

const QUERY = { collection: STANDARDS_COLLECTION, filters: [] };
const searchText = (row: Row) =>
  [row.id, row.name, row.description, ...row.chapters.map((c) => `${c.id} ${c.description}`)].join(
    ' ',
  );

/** The whole row is the link to the standard (its name alone was a 19 px target). */
const rowOpen = (row: Row) => ({ href: `/standard/${encodeURIComponent(row.id)}` });

/** /standards ("Used Standards", SPEC section 2): the standards with their import dialog. */
export function StandardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const person = usePerson();
  const { language } = useLanguage();
  const { documents, loading } = useQuery(QUERY);
  const config = useListConfig('standards');
  const [importing, setImporting] = useState(false);
  const rows = useMemo<Row[]>(
    () =>
      documents.map((doc) => ({ ...standardRow(doc.id, doc.data, language), state: doc.state })),
    [documents, language],
  );
  const mayImport = can(person?.roles ?? [], importStandardCommand.action ?? 'import.standards');
  const getSyncState = useCallback((row: Row) => row.state, []);

  return (
    <PageLayout title={t('standards.title')}>
      <GroupedList
        items={rows}
        getId={(row) => row.id}
        config={config}
        label={t('standards.title')}
        loading={loading}
        emptyText={t('standards.empty')}
        getSearchText={searchText}
        getSyncState={getSyncState}
        actions={
          mayImport ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setImporting(true)}
              data-testid="standard-import-open"
            >
              {t('standards.import')}
            </Button>
          ) : undefined
        }
        getRowOpen={rowOpen}
        renderRow={(row) => (
          <ListItemText
            primary={row.name}
            slotProps={{ primary: { color: 'primary', sx: { fontWeight: 500 } } }}
            secondary={t('standards.rowSummary', {
              id: row.id,
              count: row.chapters.length,
              description: row.description,
            })}
            data-testid={`standard-row-${row.id}`}
          />
        )}
      />
      <StandardImportDialog
        open={importing}
        existingIds={rows.map((row) => row.id)}
        onClose={() => setImporting(false)}
        onImported={(id) => {
          setImporting(false);
          void navigate(`/standard/${encodeURIComponent(id)}`);
        }}
      />
    </PageLayout>
  );
}
