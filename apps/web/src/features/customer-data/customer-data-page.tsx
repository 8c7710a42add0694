import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AUTOCOMPLETION_COLLECTION, can, saveAutocompletionCommand, type Person } from '@qa/domain';
import type { Query } from '@qa/sync';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/pages/page-layout';
import { PageSpinner } from '../../components/pages/page-spinner';
import { usePerson } from '../../lib/session/session-provider';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useQuery } from '../../lib/sync/use-query';
import { useSyncState } from '../../lib/sync/use-sync-state';
import { AutocompletionEditor } from './autocompletion-editor';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { entryCount } from './list-draft';
import { NewListDialog } from './new-list-dialog';

const LISTS_QUERY: Query = {
  collection: AUTOCOMPLETION_COLLECTION,
  filters: [],
  orderBy: [{ path: ['title'], direction: 'asc' }],
};

/** Whether the person may change the lists: the same rule the server applies. */
function mayUpdate(person: Person | null): boolean {
  const action = saveAutocompletionCommand.action;
  return person !== null && action !== undefined && can(person.roles, action, {});
}

function titleOf(data: { title?: unknown }, id: string): string {
  return typeof data.title === 'string' && data.title.trim() ? data.title : id;
}

/** /customerdata: the autocompletion lists (SPEC sections 5 and 8) and their editor. */
export function CustomerDataPage() {
  const { t } = useTranslation();
  const person = usePerson();
  const canEdit = mayUpdate(person);
  const { documents, loading } = useQuery(LISTS_QUERY);
  const { connection } = useSyncState();

  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** A list created in the dialog, shown in the editor until it is stored. */
  const [newList, setNewList] = useState<{ id: string; title: string } | null>(null);
  const [dirty, setDirty] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  /** What to do once the user agreed to drop their unsaved edits. */
  const [afterDiscard, setAfterDiscard] = useState<(() => void) | null>(null);

  const ids = useMemo(() => new Set(documents.map((doc) => doc.id)), [documents]);
  const selected = documents.find((doc) => doc.id === selectedId);
  const unsavedNew = newList !== null && !ids.has(newList.id) ? newList : null;
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  const guard = (action: () => void) => {
    if (dirty) setAfterDiscard(() => action);
    else action();
  };
  const select = (id: string) => {
    if (id === selectedId) return;
    guard(() => {
      setSelectedId(id);
      // A new list the user leaves before saving it is dropped (they agreed to).
      setNewList((list) => (list?.id === id ? list : null));
      setDirty(false);
    });
  };

  let lists;
  if (loading) {
    lists = <PageSpinner label={t('customerData.loading')} />;
  } else if (documents.length === 0 && unsavedNew === null) {
    lists = (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="lists-empty">
        {connection === 'offline' ? t('customerData.emptyOffline') : t('customerData.empty')}
      </Typography>
    );
  } else {
    lists = (
      <List aria-label={t('customerData.lists')} data-testid="lists" disablePadding>
        {unsavedNew && (
          <ListItemButton
            selected={selectedId === unsavedNew.id}
            aria-current={selectedId === unsavedNew.id ? 'true' : undefined}
            onClick={() => select(unsavedNew.id)}
            data-testid={`list-item-${unsavedNew.id}`}
          >
            <ListItemText
              primary={unsavedNew.title}
              secondary={t('customerData.listSummary', { id: unsavedNew.id, count: 0 })}
            />
            <Chip size="small" label={t('customerData.newBadge')} />
          </ListItemButton>
        )}
        {documents.map((doc) => (
          <ListItemButton
            key={doc.id}
            selected={doc.id === selectedId}
            aria-current={doc.id === selectedId ? 'true' : undefined}
            onClick={() => select(doc.id)}
            data-testid={`list-item-${doc.id}`}
          >
            <ListItemText
              primary={titleOf(doc.data, doc.id)}
              secondary={t('customerData.listSummary', {
                id: doc.id,
                count: entryCount(doc.data),
              })}
            />
            <SyncStateIcon state={doc.state} size="small" />
          </ListItemButton>
        ))}
      </List>
    );
  }

  let editor;
  if (selectedId !== null && (selected || newList?.id === selectedId)) {
    editor = (
      <AutocompletionEditor
        key={selectedId}
        listId={selectedId}
        document={selected}
        newTitle={newList?.id === selectedId ? newList.title : undefined}
        canEdit={canEdit}
        online={connection === 'online'}
        onDirtyChange={onDirtyChange}
      />
    );
  } else if (selectedId !== null && !loading) {
    editor = (
      <Alert severity="info" data-testid="list-gone">
        {t('customerData.listGone', { id: selectedId })}
      </Alert>
    );
  } else if (!loading && (documents.length > 0 || unsavedNew)) {
    editor = (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="list-select-hint">
        {t('customerData.selectHint')}
      </Typography>
    );
  }

  return (
    <PageLayout title={t('customerData.title')}>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="customer-data-read-only">
          {t('customerData.readOnly')}
        </Alert>
      )}
      {canEdit && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => guard(() => setDialogOpen(true))}
          sx={{ mb: 2 }}
          data-testid="list-new"
        >
          {t('customerData.newList')}
        </Button>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 320px) 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined">{lists}</Paper>
        <Box>{editor}</Box>
      </Box>

      <NewListDialog
        open={dialogOpen}
        existingIds={ids}
        onCancel={() => setDialogOpen(false)}
        onCreate={(list) => {
          setDialogOpen(false);
          setNewList(list);
          setSelectedId(list.id);
          setDirty(true);
        }}
      />
      <DiscardChangesDialog
        open={afterDiscard !== null}
        onKeep={() => setAfterDiscard(null)}
        onDiscard={() => {
          const action = afterDiscard;
          setAfterDiscard(null);
          setDirty(false);
          action?.();
        }}
      />
    </PageLayout>
  );
}
