import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isRoleId, requestIssues, updatePersonRequestSchema, type RoleId } from '@qa/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { usePerson } from '../../lib/session/session-provider';
import { usePeople, type PersonView } from '../people/use-people';
import { AvatarField } from './avatar-field';
import { OwnAccountPanels } from './own-account-panels';
import { errorText, peopleApi } from './people-api';
import { UserDeleteDialog } from './user-delete-dialog';
import { RoleCheckboxes, roleLabel, typeLabel, useIsPeopleAdmin } from './user-shared';

/**
 * /user/{id} and /users/{id} (one's own, from the avatar menu): the profile form (SPEC section 2,
 * issue 15.3). Read from the replicated `people` collection, so it opens offline; everything that
 * needs the server (saving, roles, login, sessions, delete) is disabled offline, saying why.
 */
export function UserProfilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.userId ?? params.id ?? '';
  const { byId, loading } = usePeople();
  const person = byId.get(id);
  const me = usePerson();
  return (
    <PageLayout title={person?.displayName || t('users.profileTitle')}>
      {loading && !person && <LinearProgress aria-label={t('users.loading')} />}
      {!loading && !person && (
        <Alert severity="warning" data-testid="user-unknown">
          {t('users.notFound', { id })}
        </Alert>
      )}
      {person && <Profile key={person.id} person={person} self={me?.id === person.id} />}
      {person && me && me.id === person.id && (
        <Box sx={{ mt: 4 }}>
          <OwnAccountPanels person={me} />
        </Box>
      )}
    </PageLayout>
  );
}

type Confirming = 'enableLogin' | 'deactivate' | 'signOut' | null;

function Profile({ person, self }: { person: PersonView; self: boolean }) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const online = useOnlineStatus();
  const isAdmin = useIsPeopleAdmin();
  const mayEdit = isAdmin || self;
  const hasLogin = person.type === 'active';

  const [displayName, setDisplayName] = useState(person.displayName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const knownRoles = person.roles.filter(isRoleId);
  const [roles, setRoles] = useState<RoleId[]>(knownRoles);
  const [rolesError, setRolesError] = useState<string | null>(null);
  const [savingRoles, setSavingRoles] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [deleting, setDeleting] = useState(false);

  // The replica changed the person (another admin, this one's own save): take the new values
  // unless the form holds edits of its own.
  const serverRoles = knownRoles.join(',');
  const [seenRoles, setSeenRoles] = useState(serverRoles);
  if (seenRoles !== serverRoles) {
    setSeenRoles(serverRoles);
    setRoles(knownRoles);
  }
  const [seenName, setSeenName] = useState(person.displayName);
  if (seenName !== person.displayName) {
    setSeenName(person.displayName);
    if (displayName === seenName) setDisplayName(person.displayName);
  }

  const offlineReason = online ? null : t('users.offline');
  const nameChanged = displayName.trim() !== person.displayName;
  const rolesChanged = roles.join(',') !== serverRoles;

  async function saveName(event: FormEvent) {
    event.preventDefault();
    const parsed = updatePersonRequestSchema.safeParse({ displayName });
    if (!parsed.success) {
      setNameError(requestIssues(parsed.error).map(translate).join('; '));
      return;
    }
    setNameError(null);
    setSaving(true);
    try {
      const body = { displayName: displayName.trim() };
      if (self) await peopleApi.updateMe(body);
      else await peopleApi.update(person.id, body);
      show({ type: 'success', message: translate({ key: 'success.userUpdated' }) });
    } catch (error) {
      show({ type: 'error', message: errorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  async function saveRoles() {
    setRolesError(null);
    setSavingRoles(true);
    try {
      await peopleApi.setRoles(person.id, roles);
      show({ type: 'success', message: translate({ key: 'success.userUpdated' }) });
    } catch (error) {
      setRolesError(errorText(t, error));
    } finally {
      setSavingRoles(false);
    }
  }

  async function runConfirmed(action: Exclude<Confirming, null>) {
    try {
      if (action === 'enableLogin') {
        await peopleApi.enableLogin(person.id);
        show({ type: 'success', message: t('users.actions.loginEnabled') });
      } else if (action === 'deactivate') {
        await peopleApi.deactivate(person.id);
        show({ type: 'success', message: t('users.actions.deactivated') });
      } else {
        const { revoked } = await peopleApi.signOutEverywhere(person.id);
        show({ type: 'success', message: t('users.actions.signedOut', { count: revoked }) });
      }
      setConfirming(null);
    } catch (error) {
      show({ type: 'error', message: errorText(t, error) });
    }
  }

  const serverButton = (props: {
    label: string;
    onClick: () => void;
    testId: string;
    color?: 'error' | 'primary';
    disabled?: boolean;
  }) => (
    <Button
      variant="outlined"
      color={props.color ?? 'primary'}
      onClick={props.onClick}
      disabled={!online || props.disabled}
      data-testid={props.testId}
      sx={{ minHeight: 44 }}
    >
      {props.label}
    </Button>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }} data-testid="user-profile">
      {!online && mayEdit && (
        <Alert severity="info" data-testid="user-profile-offline">
          {offlineReason}
        </Alert>
      )}

      <AvatarField person={person} self={self} editable={mayEdit} />

      <Box component="form" noValidate onSubmit={(event: FormEvent) => void saveName(event)}>
        <Stack spacing={2}>
          <TextField
            label={t('users.fields.displayName')}
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            error={Boolean(nameError)}
            helperText={nameError}
            required
            disabled={!mayEdit}
            slotProps={{ htmlInput: { 'data-testid': 'user-profile-displayName' } }}
          />
          <TextField
            label={t('users.fields.email')}
            value={person.email ?? ''}
            placeholder={t('users.noEmail')}
            helperText={person.email ? t('users.emailImmutable') : t('users.noEmailHint')}
            slotProps={{
              input: { readOnly: true },
              htmlInput: { 'data-testid': 'user-profile-email' },
            }}
          />
          {mayEdit && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={!online || saving || !nameChanged}
                data-testid="user-profile-save"
                sx={{ minHeight: 44 }}
              >
                {t('users.save')}
              </Button>
            </Box>
          )}
        </Stack>
      </Box>

      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('users.accountState')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            label={`${t('users.columns.type')}: ${typeLabel(t, person.type)}`}
            data-testid="user-profile-type"
          />
          <Chip
            variant="outlined"
            label={hasLogin ? t('users.login.yes') : t('users.login.no')}
            data-testid="user-profile-login"
          />
        </Stack>
      </Box>

      <Box>
        {isAdmin && hasLogin ? (
          <Stack spacing={1}>
            <RoleCheckboxes
              value={roles}
              onChange={setRoles}
              disabled={savingRoles}
              error={Boolean(rolesError)}
              helperText={rolesError}
              testId="user-profile-roles"
            />
            <Box>
              <Button
                variant="contained"
                onClick={() => void saveRoles()}
                disabled={!online || savingRoles || !rolesChanged}
                data-testid="user-profile-roles-save"
                sx={{ minHeight: 44 }}
              >
                {t('users.saveRoles')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('users.fields.roles')}
            </Typography>
            <Typography data-testid="user-profile-roles-text">
              {person.roles.length > 0
                ? person.roles.map((role) => roleLabel(t, role)).join(', ')
                : t('users.noRoles')}
            </Typography>
            {isAdmin && !hasLogin && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('users.rolesNeedLogin')}
              </Typography>
            )}
          </>
        )}
      </Box>

      {isAdmin && (
        <Box>
          <Divider sx={{ mb: 2 }} />
          <Typography variant="h6" component="h2" gutterBottom>
            {t('users.actions.title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
            {!hasLogin &&
              serverButton({
                label: t('users.actions.enableLogin'),
                onClick: () => setConfirming('enableLogin'),
                testId: 'user-action-enable-login',
                disabled: !person.email,
              })}
            {hasLogin &&
              !self &&
              serverButton({
                label: t('users.actions.deactivate'),
                onClick: () => setConfirming('deactivate'),
                testId: 'user-action-deactivate',
              })}
            {hasLogin &&
              serverButton({
                label: t('users.actions.signOut'),
                onClick: () => setConfirming('signOut'),
                testId: 'user-action-sign-out',
              })}
            {!self &&
              serverButton({
                label: t('users.actions.delete'),
                onClick: () => setDeleting(true),
                testId: 'user-action-delete',
                color: 'error',
              })}
          </Stack>
          {!hasLogin && !person.email && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('users.actions.enableLoginNeedsEmail')}
            </Typography>
          )}
          {!online && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {offlineReason}
            </Typography>
          )}
        </Box>
      )}

      {confirming && (
        <ConfirmAction
          title={
            confirming === 'enableLogin'
              ? t('users.actions.enableLogin')
              : confirming === 'deactivate'
                ? t('users.actions.deactivate')
                : t('users.actions.signOut')
          }
          confirmLabel={t('users.actions.confirm')}
          disabled={!online}
          onCancel={() => setConfirming(null)}
          onConfirm={() => runConfirmed(confirming)}
        >
          {confirming === 'enableLogin'
            ? t('users.actions.enableLoginQuestion', { name: person.displayName })
            : confirming === 'deactivate'
              ? t('users.actions.deactivateQuestion', { name: person.displayName })
              : t('users.actions.signOutQuestion', { name: person.displayName })}
        </ConfirmAction>
      )}
      <UserDeleteDialog
        person={deleting ? person : null}
        onClose={(result) => {
          setDeleting(false);
          if (result) void navigate('/users');
        }}
      />
    </Stack>
  );
}

function ConfirmAction({
  title,
  children,
  confirmLabel,
  disabled,
  onCancel,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  disabled: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="user-action-question">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('users.cancel')}</Button>
        <Button
          variant="contained"
          disabled={disabled || busy}
          data-testid="user-action-confirm"
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
