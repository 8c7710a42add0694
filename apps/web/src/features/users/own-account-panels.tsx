import { FormOutcome } from '../../components/form/form-outcome';
import DevicesIcon from '@mui/icons-material/Devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { can, type Person } from '@qa/domain';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/dialog/confirm-delete-dialog';
import { ApiError } from '../../lib/api/api-error';
import { isLanguage, type Language } from '../../lib/i18n/detect-language';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { deviceName } from '../../lib/session/device-name';
import {
  changeOwnPassword,
  endOwnSession,
  listOwnSessions,
  patchMe,
  type OwnSession,
} from '../../lib/session/me-api';
import { personLanguage } from '../../lib/session/person-preferences';
import { useSession } from '../../lib/session/session-provider';
import { PasswordField } from '../auth/password-field';
import { PASSWORD_TEXT_VALUES, newPasswordProblems } from '../auth/validation';
import { accountErrorText } from './account-error';
import { ApiTokensPanel } from './api-tokens-panel';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * One's own account on one's own profile (issue 15): change the password, the language of one's
 * mails (which is the app's language, too) and the sessions signed in with one's account; and
 * one's API tokens (issue 16). All need the server: offline each says so and its buttons are
 * disabled.
 */
export function OwnAccountPanels({ person }: { person: Person }) {
  const online = useOnlineStatus();
  return (
    <Stack spacing={2} data-testid="own-account-panels">
      <PasswordPanel online={online} />
      <LanguagePanel person={person} online={online} />
      <SessionsPanel online={online} />
      <ApiTokensPanel online={online} mayBackUp={can(person.roles, 'installation.backup')} />
    </Stack>
  );
}

function Panel({
  title,
  testId,
  online,
  children,
}: {
  title: string;
  testId: string;
  online: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {!online && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid={`${testId}-offline`}>
          {t('account.offline')}
        </Alert>
      )}
      {children}
    </Paper>
  );
}

function PasswordPanel({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const problems = newPasswordProblems(password, repeat);
  const currentProblem = current ? null : 'account.password.currentRequired';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setDone(false);
    if (busy || !online || currentProblem || problems.password || problems.repeat) return;
    setBusy(true);
    setError(null);
    try {
      await changeOwnPassword(current, password);
      setCurrent('');
      setPassword('');
      setRepeat('');
      setChecked(false);
      setDone(true);
    } catch (failure) {
      setError(accountErrorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('account.password.title')} testId="own-password" online={online}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => void submit(event)}
        sx={{ maxWidth: 480 }}
      >
        <PasswordField
          label={t('account.password.current')}
          name="current-password"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          problemKey={checked ? currentProblem : null}
        />
        <PasswordField
          label={t('account.password.new')}
          name="new-password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          problemKey={checked ? problems.password : null}
        />
        <PasswordField
          label={t('account.password.repeat')}
          name="repeat-password"
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
          problemKey={checked ? problems.repeat : null}
        />
        <Typography variant="body2" color="text.secondary">
          {t('account.password.rules', PASSWORD_TEXT_VALUES)}
        </Typography>
        <FormOutcome
          error={error}
          success={done ? t('account.password.done') : null}
          busy={busy}
          busyLabel={t('account.password.saving')}
          disabled={!online}
          submitLabel={t('account.password.save')}
          testId="own-password"
        />
      </Stack>
    </Panel>
  );
}

function LanguagePanel({ person, online }: { person: Person; online: boolean }) {
  const { t } = useTranslation();
  const { language: appLanguage, setLanguage } = useLanguage();
  const { refresh } = useSession();
  const stored = personLanguage(person);
  const [choice, setChoice] = useState<Language>(stored ?? appLanguage);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const save = async () => {
    if (busy || !online) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await patchMe({ language: choice });
      setLanguage(choice, { savedToAccount: true });
      setDone(true);
      void refresh();
    } catch (failure) {
      setError(accountErrorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('account.language.title')} testId="own-language" online={online}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('account.language.intro')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <TextField
          select
          label={t('account.language.label')}
          value={choice}
          onChange={(event) => {
            if (isLanguage(event.target.value)) setChoice(event.target.value);
            setDone(false);
          }}
          disabled={busy}
          slotProps={{ htmlInput: { 'data-testid': 'own-language-select' } }}
        >
          <MenuItem value="de" lang="de" sx={{ minHeight: 44 }}>
            {t('language.names.de')}
          </MenuItem>
          <MenuItem value="en" lang="en" sx={{ minHeight: 44 }}>
            {t('language.names.en')}
          </MenuItem>
        </TextField>
        {error && (
          <Alert severity="error" data-testid="own-language-error">
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" data-testid="own-language-done">
            {t('account.language.done')}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy || !online}
            sx={{ minHeight: 44 }}
            data-testid="own-language-save"
          >
            {t('account.language.save')}
          </Button>
        </Box>
      </Stack>
    </Panel>
  );
}

type SessionsState =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; sessions: OwnSession[] }
  | { status: 'failed'; message: string };

function SessionsPanel({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [state, setState] = useState<SessionsState>({ status: 'idle' });
  const [confirm, setConfirm] = useState<
    { kind: 'one'; session: OwnSession } | { kind: 'others' } | null
  >(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const loads = useRef(0);

  const load = useCallback(async () => {
    const mine = ++loads.current;
    setState({ status: 'loading' });
    try {
      const sessions = await listOwnSessions();
      if (mine === loads.current) setState({ status: 'loaded', sessions: sortSessions(sessions) });
    } catch (failure) {
      if (mine === loads.current)
        setState({ status: 'failed', message: accountErrorText(t, failure) });
    }
  }, [t]);

  // Loaded when shown and again when the connection is back.
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const sessions = state.status === 'loaded' ? state.sessions : [];
  const others = sessions.filter((session) => !session.current);

  const describe = (session: OwnSession): string => {
    const { browser, system } = deviceName(session.userAgent);
    if (browser && system) return t('account.sessions.browserOn', { browser, system });
    return browser ?? system ?? t('account.sessions.unknownDevice');
  };

  const end = async (target: { kind: 'one'; session: OwnSession } | { kind: 'others' }) => {
    setConfirm(null);
    setBusy(true);
    setNotice(null);
    const ids = target.kind === 'one' ? [target.session.id] : others.map((session) => session.id);
    const ended: string[] = [];
    try {
      for (const id of ids) {
        try {
          await endOwnSession(id);
        } catch (failure) {
          // Gone already (expired, ended elsewhere): that is what was asked for.
          if (!(failure instanceof ApiError && failure.code === 'not_found')) throw failure;
        }
        ended.push(id);
      }
      setNotice({
        severity: 'success',
        text:
          target.kind === 'one'
            ? t('account.sessions.ended')
            : t('account.sessions.endedOthers', { count: ended.length }),
      });
    } catch (failure) {
      setNotice({ severity: 'error', text: accountErrorText(t, failure) });
    } finally {
      setState((now) =>
        now.status === 'loaded'
          ? { ...now, sessions: now.sessions.filter((session) => !ended.includes(session.id)) }
          : now,
      );
      setBusy(false);
    }
  };

  return (
    <Panel title={t('account.sessions.title')} testId="own-sessions" online={online}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('account.sessions.intro')}
      </Typography>
      {state.status === 'loading' && <LinearProgress aria-label={t('account.sessions.loading')} />}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          data-testid="own-sessions-error"
          action={
            <Button
              color="inherit"
              onClick={() => void load()}
              disabled={!online}
              sx={{ minHeight: 44 }}
            >
              {t('account.sessions.retry')}
            </Button>
          }
        >
          {state.message}
        </Alert>
      )}
      {notice && (
        <Alert
          severity={notice.severity}
          sx={{ my: 1 }}
          data-testid="own-sessions-notice"
          role="status"
        >
          {notice.text}
        </Alert>
      )}
      {state.status === 'loaded' && sessions.length === 0 && (
        <Typography color="text.secondary" data-testid="own-sessions-empty">
          {t('account.sessions.empty')}
        </Typography>
      )}
      {sessions.length > 0 && (
        <List aria-label={t('account.sessions.title')} data-testid="own-sessions-list">
          {sessions.map((session) => (
            <ListItem
              key={session.id}
              data-testid="own-session"
              divider
              sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <DevicesIcon />
              </ListItemIcon>
              <ListItemText
                sx={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}
                primary={
                  <>
                    {describe(session)}
                    {session.current && (
                      <Chip
                        size="small"
                        color="primary"
                        label={t('account.sessions.thisDevice')}
                        sx={{ ml: 1 }}
                        data-testid="own-session-current"
                      />
                    )}
                  </>
                }
                secondary={
                  <>
                    <span>
                      {t('account.sessions.address', {
                        address: session.ipAddress || t('account.sessions.unknownAddress'),
                      })}
                    </span>
                    <br />
                    <span>
                      {t('account.sessions.lastActive', {
                        date: formatDate(session.updatedAt, language, DATE_TIME),
                      })}
                    </span>
                  </>
                }
              />
              {!session.current && (
                <Button
                  variant="outlined"
                  color="error"
                  disabled={busy || !online}
                  onClick={() => setConfirm({ kind: 'one', session })}
                  sx={{ minHeight: 44 }}
                  data-testid="own-session-end"
                  aria-label={t('account.sessions.endNamed', { device: describe(session) })}
                >
                  {t('account.sessions.end')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          variant="contained"
          color="error"
          disabled={busy || !online || others.length === 0}
          onClick={() => setConfirm({ kind: 'others' })}
          sx={{ minHeight: 44 }}
          data-testid="own-sessions-end-others"
        >
          {t('account.sessions.endOthers')}
        </Button>
        <Button
          variant="outlined"
          disabled={busy || !online || state.status === 'loading'}
          onClick={() => void load()}
          sx={{ minHeight: 44 }}
          data-testid="own-sessions-reload"
        >
          {t('account.sessions.reload')}
        </Button>
      </Box>
      <ConfirmDeleteDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && void end(confirm)}
        title={
          confirm?.kind === 'others'
            ? t('account.sessions.confirmOthersTitle')
            : t('account.sessions.confirmTitle')
        }
        cancelLabel={t('account.sessions.cancel')}
        confirmLabel={
          confirm?.kind === 'others' ? t('account.sessions.endOthers') : t('account.sessions.end')
        }
        confirmDisabled={!online}
        confirmTestId="own-sessions-confirm"
      >
        <DialogContentText>
          {confirm?.kind === 'one'
            ? t('account.sessions.confirmText', { device: describe(confirm.session) })
            : t('account.sessions.confirmOthersText', { count: others.length })}
        </DialogContentText>
      </ConfirmDeleteDialog>
    </Panel>
  );
}

/** This device first, then the most recently active. */
function sortSessions(sessions: readonly OwnSession[]): OwnSession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      String(b.updatedAt).localeCompare(String(a.updatedAt)),
  );
}
