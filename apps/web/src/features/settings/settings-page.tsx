import { FormOutcome } from '../../components/form/form-outcome';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { preferredPlanningYears, type Person, type PersonPreferences } from '@qa/domain';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/pages/page-layout';
import { ApiError } from '../../lib/api/api-error';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { isLanguage, type Language } from '../../lib/i18n/detect-language';
import { useLanguage } from '../../lib/i18n/use-language';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { patchMe } from '../../lib/session/me-api';
import { personLanguage, personPreferences } from '../../lib/session/person-preferences';
import { usePerson, useSession } from '../../lib/session/session-provider';
import { accountErrorText } from '../users/account-error';

/** The select's value for "no preferred year" (the current year then). */
const NO_YEAR = 'none';

interface SettingsForm {
  language: Language;
  year: string;
  reminderMails: boolean;
}

function formOf(person: Person, appLanguage: Language): SettingsForm {
  const preferences = personPreferences(person);
  return {
    language: personLanguage(person) ?? appLanguage,
    year:
      preferences.defaultPlanningYear === null ? NO_YEAR : String(preferences.defaultPlanningYear),
    reminderMails: preferences.reminderMails,
  };
}

/**
 * /settings (issue 15): the signed-in person's own preferences, kept on their person on the
 * server (`PATCH /api/v1/me`): the language of the app and of their mails, the planning year the
 * audit matrix and the audit dialog preselect, and reminder mails. Saving needs the server.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const person = usePerson();
  return (
    <PageLayout title={t('settings.title')}>
      {person ? <SettingsForm person={person} /> : null}
    </PageLayout>
  );
}

function SettingsForm({ person }: { person: Person }) {
  const { t } = useTranslation();
  const { language: appLanguage, setLanguage } = useLanguage();
  const { refresh } = useSession();
  const translate = useDomainMessage();
  const online = useOnlineStatus();
  const audit = useConfigSegment('audit');
  const yearHelpId = useId();
  const mailsHelpId = useId();
  const [form, setForm] = useState<SettingsForm>(() => formOf(person, appLanguage));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const currentYear = new Date().getFullYear();
  const years = useMemo(() => {
    // Only years the audit matrix shows (and the audit dialog offers).
    const span = preferredPlanningYears(audit, currentYear);
    const chosen = form.year === NO_YEAR ? null : Number(form.year);
    return chosen === null || span.includes(chosen)
      ? span
      : [...span, chosen].sort((a, b) => a - b);
  }, [audit, currentYear, form.year]);

  const change = (patch: Partial<SettingsForm>) => {
    setForm((now) => ({ ...now, ...patch }));
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !online) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    const preferences: PersonPreferences = {
      defaultPlanningYear: form.year === NO_YEAR ? null : Number(form.year),
      reminderMails: form.reminderMails,
    };
    try {
      await patchMe({ language: form.language, preferences });
      if (form.language !== appLanguage) setLanguage(form.language, { savedToAccount: true });
      // The session's person carries the preferences the matrix and the dialog read.
      await refresh();
      setSaved(true);
    } catch (failure) {
      // A year the matrix no longer shows (the configuration changed meanwhile) says which are.
      setError(
        failure instanceof ApiError && failure.domainMessage
          ? translate(failure.domainMessage)
          : accountErrorText(t, failure),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.intro')}
      </Typography>
      {!online && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="settings-offline">
          {t('account.offline')}
        </Alert>
      )}
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)}>
        <TextField
          select
          label={t('settings.language')}
          helperText={t('settings.languageHelp')}
          value={form.language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) change({ language: event.target.value });
          }}
          disabled={busy}
          slotProps={{ htmlInput: { 'data-testid': 'settings-language' } }}
        >
          <MenuItem value="de" lang="de" sx={{ minHeight: 44 }}>
            {t('language.names.de')}
          </MenuItem>
          <MenuItem value="en" lang="en" sx={{ minHeight: 44 }}>
            {t('language.names.en')}
          </MenuItem>
        </TextField>

        <TextField
          select
          label={t('settings.planningYear')}
          helperText={t('settings.planningYearHelp')}
          value={form.year}
          onChange={(event) => change({ year: event.target.value })}
          disabled={busy}
          slotProps={{
            htmlInput: { 'data-testid': 'settings-planning-year' },
            formHelperText: { id: yearHelpId },
          }}
        >
          <MenuItem value={NO_YEAR} sx={{ minHeight: 44 }}>
            {t('settings.planningYearNone')}
          </MenuItem>
          {years.map((year) => (
            <MenuItem key={year} value={String(year)} sx={{ minHeight: 44 }}>
              {year}
            </MenuItem>
          ))}
        </TextField>

        <Box>
          <FormControlLabel
            sx={{ minHeight: 44, ml: 0 }}
            control={
              <Switch
                checked={form.reminderMails}
                onChange={(event) => change({ reminderMails: event.target.checked })}
                disabled={busy}
                slotProps={{ input: { 'aria-describedby': mailsHelpId } }}
              />
            }
            label={t('settings.reminderMails')}
          />
          <FormHelperText id={mailsHelpId} sx={{ mx: 0 }}>
            {t('settings.reminderMailsHelp')}
          </FormHelperText>
        </Box>

        <FormOutcome
          error={error}
          success={saved ? t('settings.saved') : null}
          busy={busy}
          busyLabel={t('settings.saving')}
          disabled={!online}
          submitLabel={t('settings.save')}
          testId="settings"
          successTestId="settings-saved"
        />
      </Stack>
    </Paper>
  );
}
