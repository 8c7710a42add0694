import KeyIcon from '@mui/icons-material/Key';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_NAME_MAX, type ApiToken } from '@qa/domain';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/dialog/confirm-delete-dialog';
import { SecretOnceDialog } from '../../components/dialog/secret-once-dialog';
import { apiErrorText } from '../../lib/api/api-error-text';
import type { Language } from '../../lib/i18n/detect-language';
import { formatDate } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens-api';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** A token's expiry is the end of a day in UTC: shown as that day, wherever the reader is. */
const EXPIRY_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const DAY_MS = 86_400_000;
/** The lifetimes offered (the server allows up to 366 days; 90 is its default). */
const LIFETIMES = [7, 30, API_TOKEN_DEFAULT_DAYS, 180, 365] as const;
/** Where the REST API's interactive documentation is served (issue 16). */
export const API_DOCS_URL = '/api/docs';

/** The day `days` from now, as the server counts days (UTC). */
function dayIn(days: number, now = Date.now()): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

export function expiryDayText(expiresAt: string, language: Language): string {
  return formatDate(expiresAt, language, EXPIRY_DAY);
}

export function scopeText(t: TFunction, token: Pick<ApiToken, 'readOnly' | 'backup'>): string {
  const access = token.readOnly ? t('apiTokens.scopeReadOnly') : t('apiTokens.scopeReadWrite');
  return token.backup ? t('apiTokens.scopeWithBackups', { access }) : access;
}

type TokenState = 'active' | 'expired' | 'revoked';

function stateOf(token: ApiToken, now: number): TokenState {
  if (token.revokedAt) return 'revoked';
  return Date.parse(token.expiresAt) <= now ? 'expired' : 'active';
}

type ListState =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; tokens: ApiToken[] }
  | { status: 'failed'; message: string };

/**
 * One's personal API tokens on one's own profile (issue 16): for other systems (ERP, CAQ,
 * scripts) that call the REST API in one's name. Made here with a name, an expiry and an optional
 * read-only scope; the secret is shown once, in a dialog; revoked after a question. Tokens live on
 * the server only: offline the panel says so and neither creates nor revokes.
 */
export function ApiTokensPanel({
  online,
  mayBackUp = false,
}: {
  online: boolean;
  /** The person may download backups: only then is the backup scope offered. */
  mayBackUp?: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const [state, setState] = useState<ListState>({ status: 'idle' });
  const [created, setCreated] = useState<{ token: ApiToken; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const loads = useRef(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [focusNotice, setFocusNotice] = useState(0);

  // After a revoke its button is gone with its token: the work goes on at what happened. In an
  // effect, so it comes after the render and after the question dialog gave the focus back.
  useEffect(() => {
    if (focusNotice > 0) noticeRef.current?.focus();
  }, [focusNotice]);

  const load = useCallback(async () => {
    const mine = ++loads.current;
    setState({ status: 'loading' });
    try {
      const tokens = await listApiTokens();
      if (mine === loads.current) setState({ status: 'loaded', tokens });
    } catch (failure) {
      if (mine === loads.current)
        setState({ status: 'failed', message: apiErrorText(t, language, failure) });
    }
  }, [t, language]);

  // Loaded when shown and again when the connection is back.
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const revoke = async (token: ApiToken) => {
    setBusy(true);
    setNotice(null);
    try {
      await revokeApiToken(token.id);
      setRevoking(null);
      setNotice({ severity: 'success', text: t('apiTokens.revoked', { name: token.name }) });
      await load();
    } catch (failure) {
      setRevoking(null);
      setNotice({ severity: 'error', text: apiErrorText(t, language, failure) });
    } finally {
      setBusy(false);
    }
    setFocusNotice((count) => count + 1);
  };

  const tokens = state.status === 'loaded' ? state.tokens : [];
  const now = Date.now();

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="own-tokens"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
        {t('apiTokens.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('apiTokens.intro')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Link
          href={API_DOCS_URL}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('apiTokens.docsLinkLabel')}
          data-testid="own-tokens-docs"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}
        >
          {t('apiTokens.docsLink')}
          <OpenInNewIcon fontSize="small" aria-hidden />
        </Link>
      </Box>
      {!online && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="own-tokens-offline">
          {t('apiTokens.offline')}
        </Alert>
      )}

      <CreateTokenForm
        online={online}
        mayBackUp={mayBackUp}
        onCreated={(answer) => {
          setNotice(null);
          setCreated(answer);
          setState((now) =>
            now.status === 'loaded'
              ? {
                  ...now,
                  tokens: [
                    answer.token,
                    ...now.tokens.filter((other) => other.id !== answer.token.id),
                  ],
                }
              : now,
          );
          if (state.status !== 'loaded') void load();
        }}
      />

      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 500 }}>
        {t('apiTokens.listTitle')}
      </Typography>
      {state.status === 'loading' && <LinearProgress aria-label={t('apiTokens.loading')} />}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          data-testid="own-tokens-error"
          action={
            <Button
              color="inherit"
              onClick={() => void load()}
              disabled={!online}
              sx={{ minHeight: 44 }}
            >
              {t('apiTokens.retry')}
            </Button>
          }
        >
          {state.message}
        </Alert>
      )}
      {notice && (
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          severity={notice.severity}
          sx={{ my: 1 }}
          role="status"
          data-testid="own-tokens-notice"
        >
          {notice.text}
        </Alert>
      )}
      {state.status === 'loaded' && tokens.length === 0 && (
        <Typography color="text.secondary" data-testid="own-tokens-empty">
          {t('apiTokens.empty')}
        </Typography>
      )}
      {tokens.length > 0 && (
        <List aria-label={t('apiTokens.listTitle')} data-testid="own-tokens-list">
          {tokens.map((token) => {
            const tokenState = stateOf(token, now);
            return (
              <ListItem
                key={token.id}
                divider
                data-testid="own-token"
                sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <KeyIcon color={tokenState === 'active' ? 'primary' : 'disabled'} />
                </ListItemIcon>
                <ListItemText
                  sx={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                    >
                      <span>{token.name}</span>
                      <Chip size="small" variant="outlined" label={scopeText(t, token)} />
                      <TokenStateChip state={tokenState} />
                    </Box>
                  }
                  secondary={<TokenDates token={token} language={language} t={t} />}
                />
                {tokenState === 'active' && (
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={busy || !online}
                    onClick={() => setRevoking(token)}
                    sx={{ minHeight: 44 }}
                    aria-label={t('apiTokens.revokeNamed', { name: token.name })}
                    data-testid="own-token-revoke"
                  >
                    {t('apiTokens.revoke')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}

      <ConfirmDeleteDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
        title={t('apiTokens.confirmTitle')}
        cancelLabel={t('apiTokens.cancel')}
        confirmLabel={t('apiTokens.revoke')}
        confirmDisabled={!online || busy}
        confirmTestId="own-tokens-confirm"
      >
        <DialogContentText data-testid="own-tokens-question">
          {t('apiTokens.confirmText', { name: revoking?.name ?? '' })}
        </DialogContentText>
      </ConfirmDeleteDialog>

      <SecretOnceDialog
        secret={created?.secret ?? null}
        title={t('apiTokens.createdTitle')}
        onClose={() => setCreated(null)}
        testId="own-token-secret"
      >
        {created && (
          <DialogContentText data-testid="own-token-secret-scope">
            {t('apiTokens.createdScope', {
              name: created.token.name,
              scope: scopeText(t, created.token),
              date: expiryDayText(created.token.expiresAt, language),
            })}
          </DialogContentText>
        )}
        <DialogContentText variant="body2">{t('apiTokens.createdUse')}</DialogContentText>
      </SecretOnceDialog>
    </Paper>
  );
}

function TokenStateChip({ state }: { state: TokenState }) {
  const { t } = useTranslation();
  if (state === 'active')
    return <Chip size="small" color="success" label={t('apiTokens.stateActive')} />;
  if (state === 'expired')
    return <Chip size="small" color="warning" label={t('apiTokens.stateExpired')} />;
  return <Chip size="small" color="default" label={t('apiTokens.stateRevoked')} />;
}

function TokenDates({ token, language, t }: { token: ApiToken; language: Language; t: TFunction }) {
  const lines = [
    t('apiTokens.createdAt', { date: formatDate(token.createdAt, language, DATE_TIME) }),
    t('apiTokens.expiresAt', { date: expiryDayText(token.expiresAt, language) }),
    token.lastUsedAt
      ? t('apiTokens.lastUsedAt', { date: formatDate(token.lastUsedAt, language, DATE_TIME) })
      : t('apiTokens.neverUsed'),
  ];
  if (token.revokedAt)
    lines.push(
      t('apiTokens.revokedAt', { date: formatDate(token.revokedAt, language, DATE_TIME) }),
    );
  return (
    <>
      {lines.map((line, index) => (
        <Box component="span" key={index} sx={{ display: 'block' }}>
          {line}
        </Box>
      ))}
    </>
  );
}

function CreateTokenForm({
  online,
  mayBackUp,
  onCreated,
}: {
  online: boolean;
  mayBackUp: boolean;
  onCreated: (answer: { token: ApiToken; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const scopeLabelId = useId();
  const backupHelpId = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(API_TOKEN_DEFAULT_DAYS);
  const [readOnly, setReadOnly] = useState(false);
  const [backup, setBackup] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const nameProblem = name.trim() ? null : t('apiTokens.nameRequired');
  const expiresAt = dayIn(days);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (nameProblem) nameRef.current?.focus();
    if (busy || !online || nameProblem) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await createApiToken({
        name: name.trim(),
        expiresAt,
        readOnly,
        backup: mayBackUp && backup,
      });
      setName('');
      setReadOnly(false);
      setBackup(false);
      setDays(API_TOKEN_DEFAULT_DAYS);
      setChecked(false);
      onCreated(answer);
    } catch (failure) {
      setError(apiErrorText(t, language, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void submit(event)}
      sx={{ maxWidth: 480 }}
      aria-label={t('apiTokens.createTitle')}
      data-testid="own-tokens-form"
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {t('apiTokens.createTitle')}
      </Typography>
      <TextField
        label={t('apiTokens.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        inputRef={nameRef}
        disabled={busy}
        error={checked && Boolean(nameProblem)}
        helperText={checked && nameProblem ? nameProblem : t('apiTokens.nameHelp')}
        slotProps={{
          htmlInput: { maxLength: API_TOKEN_NAME_MAX, 'data-testid': 'own-tokens-name' },
        }}
      />
      <TextField
        select
        label={t('apiTokens.lifetime')}
        value={String(days)}
        onChange={(event) => setDays(Number(event.target.value))}
        disabled={busy}
        helperText={t('apiTokens.validUntil', { date: expiryDayText(expiresAt, language) })}
        slotProps={{ htmlInput: { 'data-testid': 'own-tokens-lifetime' } }}
      >
        {LIFETIMES.map((option) => (
          <MenuItem key={option} value={String(option)} sx={{ minHeight: 44 }}>
            {option === 365 ? t('apiTokens.oneYear') : t('apiTokens.days', { count: option })}
          </MenuItem>
        ))}
      </TextField>
      <FormControl disabled={busy}>
        <FormLabel id={scopeLabelId}>{t('apiTokens.scope')}</FormLabel>
        <RadioGroup
          aria-labelledby={scopeLabelId}
          value={readOnly ? 'read' : 'write'}
          onChange={(event) => setReadOnly(event.target.value === 'read')}
        >
          <FormControlLabel
            value="write"
            control={<Radio />}
            label={t('apiTokens.scopeReadWrite')}
            sx={{ minHeight: 44 }}
          />
          <FormControlLabel
            value="read"
            control={<Radio />}
            label={t('apiTokens.scopeReadOnly')}
            sx={{ minHeight: 44 }}
          />
        </RadioGroup>
        <Typography variant="body2" color="text.secondary">
          {t('apiTokens.scopeHelp')}
        </Typography>
      </FormControl>
      {mayBackUp && (
        <FormControl disabled={busy}>
          <FormControlLabel
            control={
              <Checkbox
                checked={backup}
                onChange={(event) => setBackup(event.target.checked)}
                slotProps={{
                  input: {
                    'aria-describedby': backupHelpId,
                    'data-testid': 'own-tokens-backup',
                  } as object,
                }}
              />
            }
            label={t('apiTokens.backupScope')}
            sx={{ minHeight: 44 }}
          />
          <Typography id={backupHelpId} variant="body2" color="text.secondary">
            {t('apiTokens.backupScopeHelp')}
          </Typography>
        </FormControl>
      )}
      {error && (
        <Alert severity="error" data-testid="own-tokens-create-error">
          {error}
        </Alert>
      )}
      {busy && <LinearProgress aria-label={t('apiTokens.creating')} />}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !online}
          sx={{ minHeight: 44 }}
          data-testid="own-tokens-create"
        >
          {t('apiTokens.create')}
        </Button>
      </Box>
    </Stack>
  );
}
