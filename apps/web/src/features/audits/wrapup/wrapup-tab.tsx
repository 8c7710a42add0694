import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { auditPermissionContext, can, updateAuditCommand } from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../../lib/config/use-config-segment';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { usePerson } from '../../../lib/session/session-provider';
import { useCommand } from '../../../lib/sync/use-command';
import { createExecutionRowCache, findingTypeColor } from '../execution/execution-rows';
import { readOnlyReasonOf } from '../audit-read-only';
import { findingTypeLabel } from '../preparation/preparation-rows';
import { usePreparationConfig } from '../preparation/use-preparation-config';
import { CompanyDataDialog } from './company-data-dialog';
import { useCompanyFacts } from './use-company-facts';
import { wrapUpOverview } from './wrapup-overview';
import { auditAnswers } from '../answer-items';
import { AnswerProgress } from '../answer-progress';
import { PhasePanel as Panel } from '../phase-panel';
import { useAuditWithItems } from '../use-audit-items';

/** Unanswered questions listed by name; beyond that the count says the rest. */
const LISTED_UNANSWERED = 12;

/**
 * /audit/:auditId/auditwrapup (issue 11.7): what is still missing (unanswered questions,
 * findings by type, photos), the company data with its dialog, and the audit summary. Both
 * writes are commands with activities that need an open audit; they run on this device at once.
 */
export function WrapUpTab({ auditId }: { auditId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const person = usePerson();
  const titleId = useId();
  const { audit, auditLoading, documents, itemsLoading } = useAuditWithItems(auditId);
  const { findingTypes: types } = usePreparationConfig();
  const auditConfig = useConfigSegment('audit');
  const [toRows] = useState(createExecutionRowCache);
  const rows = useMemo(() => toRows(documents), [toRows, documents]);
  const answers = useMemo(() => auditAnswers(documents, audit?.data), [documents, audit]);
  const overview = useMemo(() => wrapUpOverview(rows, types, answers), [rows, types, answers]);
  const [editingCompany, setEditingCompany] = useState(false);

  const data = audit?.data;
  const access = useMemo(() => {
    if (!data || !person) return { update: false, readOnly: null };
    const context = auditPermissionContext(data, person.id);
    const update = can(person.roles, `audit.update`, context);
    return {
      update,
      readOnly: update ? null : readOnlyReasonOf(context, person.roles, `audit.update`),
    };
  }, [data, person]);

  const loading = auditLoading || itemsLoading;
  const typeName = (id: string) => findingTypeLabel(id, types, language);
  const typeColor = (id: string) => findingTypeColor(id, types);

  return (
    <section aria-labelledby={titleId} data-testid="wrapup-tab">
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        {t('audit.phases.wrapUp')}
      </Typography>
      {access.readOnly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="wrapup-read-only">
          {access.readOnly === 'protected'
            ? t('wrapup.readOnly.protected')
            : t('wrapup.readOnly.notInTeam')}
        </Alert>
      )}
      {loading && <LinearProgress aria-label={t('wrapup.loading')} sx={{ mb: 2 }} />}

      <Stack spacing={2}>
        <Panel title={t('wrapup.overview.title')} testId="wrapup-overview">
          <AnswerProgress
            answered={overview.progress.answered}
            total={overview.progress.total}
            percent={overview.progress.percent}
            sx={{ mb: 2 }}
          />
          {overview.progress.total > 0 && overview.unanswered.length === 0 ? (
            <Alert severity="success" data-testid="wrapup-all-answered">
              {t('wrapup.overview.allAnswered')}
            </Alert>
          ) : (
            overview.unanswered.length > 0 && (
              <Box data-testid="wrapup-unanswered">
                <Typography variant="subtitle2">
                  {t('wrapup.overview.unanswered', { count: overview.unanswered.length })}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {overview.unanswered.slice(0, LISTED_UNANSWERED).map((row) => (
                    <Typography
                      component="li"
                      variant="body2"
                      key={row.id}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {row.question.no
                        ? `${row.question.no} ${row.question.text}`
                        : row.question.text}
                    </Typography>
                  ))}
                </Box>
                {overview.unanswered.length > LISTED_UNANSWERED && (
                  <Typography variant="body2" color="text.secondary">
                    {t('wrapup.overview.more', {
                      count: overview.unanswered.length - LISTED_UNANSWERED,
                    })}
                  </Typography>
                )}
                <Button
                  component={RouterLink}
                  to={`/audit/${encodeURIComponent(auditId)}/auditexecution`}
                  sx={{ mt: 1 }}
                  data-testid="wrapup-to-execution"
                >
                  {t('wrapup.overview.toExecution')}
                </Button>
              </Box>
            )
          )}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('wrapup.overview.findings', { count: overview.findings })}
          </Typography>
          {overview.byType.length > 0 && (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 1 }}
              data-testid="wrapup-by-type"
            >
              {overview.byType.map(({ id, count }) => (
                <Chip
                  key={id}
                  variant="outlined"
                  label={`${typeName(id)}: ${count}`}
                  sx={{ borderColor: typeColor(id), borderWidth: 2 }}
                />
              ))}
            </Stack>
          )}
          <Typography variant="body2" sx={{ mt: 2 }} data-testid="wrapup-media">
            {t('wrapup.overview.media', { count: overview.media })}
          </Typography>
        </Panel>

        <Panel
          title={t('wrapup.company.title')}
          testId="wrapup-company"
          action={
            access.update && data ? (
              <Button
                startIcon={<EditIcon />}
                onClick={() => setEditingCompany(true)}
                data-testid="wrapup-company-edit"
              >
                {t('wrapup.company.edit')}
              </Button>
            ) : undefined
          }
        >
          <CompanySummary stored={data?.companyMetadata} />
        </Panel>

        {data && (
          <SummaryPanel
            key={auditId}
            stored={typeof data.summary === 'string' ? data.summary : ''}
            canEdit={access.update}
            onSaved={(message) => show(message)}
            save={async (summary) => {
              const { local } = await runCommand(updateAuditCommand.name, {
                id: auditId,
                changes: { summary },
              });
              return local.ok
                ? { ok: true, message: translate(local.message ?? { key: 'success.auditUpdated' }) }
                : { ok: false, message: translate(local.error.message) };
            }}
          />
        )}
      </Stack>
      {editingCompany && data && (
        <CompanyDataDialog
          auditId={auditId}
          stored={data.companyMetadata}
          inspectionTypes={auditConfig.companyInspectionTypes}
          onClose={() => setEditingCompany(false)}
        />
      )}
    </section>
  );
}

function CompanySummary({ stored }: { stored: JsonValue | undefined }) {
  const { t } = useTranslation();
  const facts = useCompanyFacts()(stored);
  if (facts === null) {
    return (
      <Typography color="text.secondary" data-testid="wrapup-company-empty">
        {t('wrapup.company.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, auto) 1fr',
        gap: 0.5,
        columnGap: 2,
      }}
      data-testid="wrapup-company-facts"
    >
      {facts.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function SummaryPanel({
  stored,
  canEdit,
  save,
  onSaved,
}: {
  stored: string;
  canEdit: boolean;
  save: (summary: string) => Promise<{ ok: boolean; message: string }>;
  onSaved: (message: { type: 'success' | 'error'; message: string }) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(stored);
  const [base, setBase] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = text !== base;

  // Someone else's summary arrives: taken over unless this person is typing one.
  useEffect(() => {
    if (!dirty) {
      setText(stored);
      setBase(stored);
    }
    // Only a change of the stored text decides; typing must not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);

  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid="wrapup-summary">
      <Typography variant="h6" component="h3" gutterBottom>
        {t('wrapup.summary.title')}
      </Typography>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!dirty || busy) return;
          setBusy(true);
          setError(null);
          void save(text)
            .then((result) => {
              if (!result.ok) {
                setError(result.message);
                return;
              }
              setBase(text);
              onSaved({ type: 'success', message: result.message });
            })
            .catch(() => setError(t('wrapup.summary.saveFailed')))
            .finally(() => setBusy(false));
        }}
      >
        <TextField
          label={t('wrapup.summary.label')}
          helperText={t('wrapup.summary.hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={4}
          fullWidth
          disabled={!canEdit}
          slotProps={{ htmlInput: { 'data-testid': 'wrapup-summary-text' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="wrapup-summary-error">
            {error}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            <Button disabled={!dirty || busy} onClick={() => setText(base)}>
              {t('wrapup.summary.discard')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!dirty || busy}
              data-testid="wrapup-summary-save"
            >
              {t('wrapup.summary.save')}
            </Button>
          </Box>
        )}
      </form>
    </Paper>
  );
}
