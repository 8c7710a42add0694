import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  createPersonRequestSchema,
  requestIssues,
  type DomainMessage,
  type RoleId,
} from '@qa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { placeIssues } from '../../lib/i18n/place-issues';
import { useLanguage } from '../../lib/i18n/use-language';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { PeopleApiError, errorText, peopleApi } from './people-api';
import { RoleCheckboxes, useIsPeopleAdmin } from './user-shared';

type Field = 'displayName' | 'email' | 'roles';

/** Which field a server issue is about: `params.field`, else its key's subject. */
export function userFieldOf(issue: DomainMessage): Field | null {
  const path = issue.params?.field;
  const head = typeof path === 'string' ? path.split('.')[0] : '';
  if (head === 'displayName' || head === 'email' || head === 'roles') return head;
  if (issue.key.startsWith('person.email') || issue.key.startsWith('email.')) return 'email';
  if (issue.key.startsWith('person.name')) return 'displayName';
  if (issue.key.startsWith('roles.')) return 'roles';
  return null;
}

/**
 * /users/create (issue 15.3, admins): display name, e-mail, with or without a login (with one,
 * the server mails a link to set the password), the language of those mails, and the roles
 * (only with a login, SPEC section 6). The server's refusals appear at their fields; on success
 * "User creation successful" (SPEC section 8) and the new profile.
 */
export function UserCreatePage() {
  const { t } = useTranslation();
  const isAdmin = useIsPeopleAdmin();
  return (
    <PageLayout title={t('users.createTitle')}>
      {isAdmin ? (
        <UserCreateForm />
      ) : (
        <Alert severity="info" data-testid="user-create-forbidden">
          {t('users.adminOnly')}
        </Alert>
      )}
    </PageLayout>
  );
}

function UserCreateForm() {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const online = useOnlineStatus();
  const { language: uiLanguage } = useLanguage();
  const userConfig = useConfigSegment('user');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [login, setLogin] = useState(true);
  const [language, setLanguage] = useState<'de' | 'en'>(uiLanguage);
  const [roles, setRoles] = useState<RoleId[]>(() => [...userConfig.defaultRoles]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own request schema (packages/domain people.requests.ts) checks the form first.
    const parsed = createPersonRequestSchema.safeParse({
      displayName,
      email,
      roles: login ? roles : [],
      login,
      language,
    });
    if (!parsed.success) {
      const placed = placeIssues(
        { key: 'validation.invalid' },
        requestIssues(parsed.error),
        userFieldOf,
        translate,
      );
      setErrors(placed.fields);
      setFailure(placed.general);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const { person } = await peopleApi.create({ ...parsed.data, language });
      show({ type: 'success', message: translate({ key: 'success.userCreated' }) });
      void navigate(`/user/${encodeURIComponent(person.id)}`);
    } catch (error) {
      if (error instanceof PeopleApiError && error.code === 'email_taken') {
        setErrors({ email: t('users.errors.emailTaken') });
      } else if (error instanceof PeopleApiError && error.issues.length > 0) {
        const placed = placeIssues({ key: error.code }, error.issues, userFieldOf, translate);
        setErrors(placed.fields);
        setFailure(placed.general);
      } else {
        setFailure(errorText(t, error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-label={t('users.createTitle')}
      data-testid="user-create-form"
      sx={{ maxWidth: 640 }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('users.fields.displayName')}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          error={Boolean(errors.displayName)}
          helperText={errors.displayName}
          required
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'user-create-displayName' } }}
        />
        <TextField
          label={t('users.fields.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email ?? t('users.emailFixedHint')}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'user-create-email' } }}
        />
        <Box>
          <FormControlLabel
            sx={{ minHeight: 44 }}
            control={
              <Switch
                checked={login}
                onChange={(event) => setLogin(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'user-create-login' } as object }}
              />
            }
            label={t('users.fields.withLogin')}
          />
          <FormHelperText>
            {login ? t('users.withLoginHint') : t('users.withoutLoginHint')}
          </FormHelperText>
        </Box>
        <TextField
          select
          label={t('users.fields.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value === 'de' ? 'de' : 'en')}
          helperText={t('users.languageHint')}
          slotProps={{ htmlInput: { 'data-testid': 'user-create-language' } }}
        >
          <MenuItem value="de">{t('language.names.de')}</MenuItem>
          <MenuItem value="en">{t('language.names.en')}</MenuItem>
        </TextField>
        {login ? (
          <RoleCheckboxes
            value={roles}
            onChange={setRoles}
            error={Boolean(errors.roles)}
            helperText={errors.roles}
            testId="user-create-roles"
          />
        ) : (
          <FormHelperText data-testid="user-create-roles-hint">
            {t('users.rolesNeedLogin')}
          </FormHelperText>
        )}
        {failure && (
          <Alert severity="error" data-testid="user-create-error">
            {failure}
          </Alert>
        )}
        {!online && (
          <Alert severity="info" data-testid="user-create-offline">
            {t('users.offline')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/users" sx={{ minHeight: 44 }}>
            {t('users.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !online}
            data-testid="user-create-submit"
            sx={{ minHeight: 44 }}
          >
            {t('users.createSubmit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
