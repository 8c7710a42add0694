import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { reportDataOf, updateReportDataCommand, type ReportData } from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useCommand } from '../../../lib/sync/use-command';
import { PhasePanel } from '../phase-panel';

interface Form {
  distributionList: string;
  auditeeRepresentative: string;
  /** YYYY-MM-DD, or '' for none. */
  signatureDate: string;
}

const formOf = (data: ReportData): Form => ({
  distributionList: data.distributionList,
  auditeeRepresentative: data.auditeeRepresentative,
  signatureDate: data.signatureDate ?? '',
});

const sameForm = (a: Form, b: Form) =>
  a.distributionList === b.distributionList &&
  a.auditeeRepresentative === b.auditeeRepresentative &&
  a.signatureDate === b.signatureDate;

/**
 * The report's own data on the reporting tab (issue 13 item 2, the audit's
 * `additionalReportData`): distribution list, the audited party's representative and the
 * signature date, printed in the PDF report. Saved by `audit.updateReportData`, offline too.
 */
export function ReportDataPanel({
  auditId,
  stored,
  canEdit,
}: {
  auditId: string;
  stored: JsonValue | undefined;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const storedForm = formOf(reportDataOf(stored));
  const [form, setForm] = useState(storedForm);
  const [base, setBase] = useState(storedForm);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = !sameForm(form, base);

  // A colleague's change arrives: taken over unless this person is editing.
  const storedKey = JSON.stringify(storedForm);
  useEffect(() => {
    if (!dirty) {
      setForm(storedForm);
      setBase(storedForm);
    }
    // Only a change of the stored data decides; typing must not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedKey]);

  const field = (name: keyof Form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    disabled: !canEdit,
    fullWidth: true,
  });

  return (
    <PhasePanel title={t('reporting.data.title')} testId="reporting-data">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!dirty || busy) return;
          setBusy(true);
          setError(null);
          void runCommand(updateReportDataCommand.name, {
            id: auditId,
            reportData: {
              distributionList: form.distributionList,
              auditeeRepresentative: form.auditeeRepresentative,
              signatureDate: form.signatureDate || null,
            },
          })
            .then(({ local }) => {
              if (!local.ok) {
                setError(translate(local.error.message));
                return;
              }
              setBase(form);
              // (The command always says what it did: saved, or no changes.)
              if (local.message) show({ message: translate(local.message) });
            })
            .finally(() => setBusy(false));
        }}
      >
        <Stack spacing={2}>
          <TextField
            label={t('reporting.data.distributionList')}
            helperText={t('reporting.data.distributionListHint')}
            multiline
            minRows={2}
            {...field('distributionList')}
            slotProps={{ htmlInput: { 'data-testid': 'reporting-data-distribution' } }}
          />
          <TextField
            label={t('reporting.data.auditeeRepresentative')}
            {...field('auditeeRepresentative')}
            slotProps={{ htmlInput: { 'data-testid': 'reporting-data-representative' } }}
          />
          <TextField
            label={t('reporting.data.signatureDate')}
            type="date"
            {...field('signatureDate')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'reporting-data-signature-date' },
            }}
          />
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="reporting-data-error">
            {error}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            <Button onClick={() => setForm(base)} disabled={!dirty || busy}>
              {t('reporting.data.discard')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!dirty || busy}
              data-testid="reporting-data-save"
            >
              {t('reporting.data.save')}
            </Button>
          </Box>
        )}
      </form>
    </PhasePanel>
  );
}
