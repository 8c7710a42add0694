import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GroupedList } from '../../components/list/grouped-list';
import { PageLayout } from '../../components/pages/page-layout';
import { useListConfig } from '../../lib/config/use-list-config';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { useAdminView } from '../../lib/routing/use-admin-view';
import { usePerson } from '../../lib/session/session-provider';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import {
  MatrixHeader,
  MatrixRowMenu,
  MatrixValueCells,
  matrixRowSx,
} from '../audits/matrix-layout';
import { usePeople, type PersonView } from '../people/use-people';
import { UserDeleteDialog } from './user-delete-dialog';
import { UserImportDialog } from './user-import-dialog';
import { PersonAvatar, roleLabel, typeLabel, useIsPeopleAdmin } from './user-shared';

/** A person as the list shows, filters and sorts it. */
export interface UserRow extends PersonView {
  /** Whether the person can sign in ('yes' / 'no'): the `active` facet. */
  active: 'yes' | 'no';
}

/** Name (with avatar), e-mail, roles, type, sync icon (md and wider). */
const ROW_COLUMNS = 'minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1.6fr) minmax(0, 0.8fr) 32px';
const COLUMN_KEYS = [
  'users.columns.name',
  'users.columns.email',
  'users.columns.roles',
  'users.columns.type',
  'users.columns.state',
  'users.columns.actions',
] as const;
const VALUE_COLUMNS = [
  ['email', 'users.columns.email'],
  ['roles', 'users.columns.roles'],
  ['type', 'users.columns.type'],
] as const;

const rowsSx = (theme: Theme) => ({
  '& .usr-row': matrixRowSx(theme, 'usr', ROW_COLUMNS, { overflowWrap: 'anywhere' }),
  '& .usr-name': { display: 'flex', alignItems: 'center', gap: theme.spacing(1.5) },
});

const rowId = (row: UserRow) => row.id;
const getRowOpen = (row: UserRow) => ({ href: `/user/${encodeURIComponent(row.id)}` });
const FIELDS = { active: (row: UserRow) => row.active };

/**
 * /users (SPEC section 2 "Users", issue 15.2): everybody of the replicated `people` collection in
 * the generic list, with avatar, e-mail, roles and type; search and facets (role, type, login);
 * a row opens the profile. Admins create and delete people, and in the admin view (`?admin`)
 * import them from a CSV or JSON file.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const config = useListConfig('users');
  const { people, loading } = usePeople();
  const me = usePerson();
  const isAdmin = useIsPeopleAdmin();
  const adminView = useAdminView();
  const online = useOnlineStatus();
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [importing, setImporting] = useState(false);

  const rows = useMemo<UserRow[]>(
    () => people.map((person) => ({ ...person, active: person.type === 'active' ? 'yes' : 'no' })),
    [people],
  );
  const formatValue = useCallback(
    (field: string, value: string): string => {
      switch (field) {
        case 'roles':
          return roleLabel(t, value);
        case 'type':
          return typeLabel(t, value);
        case 'active':
          return value === 'yes' ? t('users.login.yes') : t('users.login.no');
        default:
          return value;
      }
    },
    [t],
  );
  const cells = useCallback(
    (row: UserRow) => ({
      name: row.displayName || row.id,
      email: row.email ?? '',
      roles: row.roles.map((role) => roleLabel(t, role)).join(', '),
      type: typeLabel(t, row.type),
    }),
    [t],
  );
  const getSearchText = useCallback((row: UserRow) => Object.values(cells(row)).join(' '), [cells]);

  const header = useMemo(
    () => (
      <MatrixHeader
        rowColumns={ROW_COLUMNS}
        columns={COLUMN_KEYS.map((key) => ({ key, label: t(key) }))}
        testId="users-header"
      />
    ),
    [t],
  );
  const renderRow = useCallback(
    (row: UserRow): ReactNode => {
      const cell = cells(row);
      return (
        <div className="usr-row" data-testid={`user-row-${row.id}`}>
          <div className="usr-name">
            <PersonAvatar name={cell.name} src={row.avatar} size={32} />
            <span>{cell.name}</span>
          </div>
          <MatrixValueCells
            prefix="usr"
            columns={VALUE_COLUMNS}
            cell={cell}
            label={(labelKey) => t(labelKey)}
          />
          <SyncStateIcon state={row.state} size="small" />
        </div>
      );
    },
    [cells, t],
  );
  const renderRowActions = useCallback(
    (row: UserRow): ReactNode => {
      const name = cells(row).name;
      const mayDelete = isAdmin && row.id !== me?.id;
      return (
        <MatrixRowMenu
          remove={
            mayDelete
              ? {
                  label: t('users.deleteOne', { name }),
                  onClick: () => setDeleting(row),
                  testId: `user-delete-${row.id}`,
                }
              : undefined
          }
          label={t('users.rowActions', { name })}
          testId={`user-menu-${row.id}`}
        />
      );
    },
    [cells, isAdmin, me?.id, t],
  );

  const offlineReason = online ? undefined : t('users.offline');
  const actions = isAdmin ? (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        component={RouterLink}
        to="/users/create"
        data-testid="user-create"
        sx={{ minHeight: 44 }}
      >
        {t('users.create')}
      </Button>
      {adminView && (
        <Tooltip title={offlineReason ?? ''}>
          <span>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setImporting(true)}
              disabled={!online}
              data-testid="user-import"
              sx={{ minHeight: 44 }}
            >
              {t('users.import.action')}
            </Button>
          </span>
        </Tooltip>
      )}
    </Box>
  ) : undefined;

  return (
    <PageLayout title={t('users.title')}>
      <GroupedList
        items={rows}
        getId={rowId}
        config={config}
        fields={FIELDS}
        label={t('users.title')}
        loading={loading}
        emptyText={t('users.empty')}
        getSearchText={getSearchText}
        formatValue={formatValue}
        header={header}
        renderRow={renderRow}
        rowsSx={rowsSx}
        getRowOpen={getRowOpen}
        renderRowActions={renderRowActions}
        actions={actions}
      />
      <UserDeleteDialog person={deleting} onClose={() => setDeleting(null)} />
      {importing && <UserImportDialog onClose={() => setImporting(false)} />}
    </PageLayout>
  );
}
