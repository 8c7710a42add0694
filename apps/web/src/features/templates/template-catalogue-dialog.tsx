import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import {
  PROCESS_AUDIT_CATALOGUE,
  catalogueTemplateItems,
  importTemplateItemsCommand,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { randomId } from '../../lib/sync/random-id';
import { useCommand } from '../../lib/sync/use-command';

export interface TemplateCatalogueDialogProps {
  templateId: string;
  /** The template's standard: VDA 6.3 assigns each question its category's chapter. */
  standardId?: string;
  onClose: () => void;
}

/**
 * Imports the German process-audit catalogue (SPEC section 9) into a template, whole or the
 * chosen categories, in the user's language: one `templateItem.import` (source 'catalogue').
 * Its own chunk: the catalogue's questions load only when this dialog is opened.
 */
export function TemplateCatalogueDialog({
  templateId,
  standardId,
  onClose,
}: TemplateCatalogueDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const titleId = useId();
  const templateConfig = useConfigSegment('template');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(PROCESS_AUDIT_CATALOGUE.map((entry) => entry.category.id)),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const all = chosen.size === PROCESS_AUDIT_CATALOGUE.length;
  const count = PROCESS_AUDIT_CATALOGUE.filter((entry) => chosen.has(entry.category.id)).reduce(
    (sum, entry) => sum + entry.questions.length,
    0,
  );

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function submit() {
    if (chosen.size === 0) return;
    const items = catalogueTemplateItems(PROCESS_AUDIT_CATALOGUE, language, {
      categoryIds: all ? undefined : [...chosen],
      capabilityLimits: templateConfig.catalogue.capabilityLimits,
      standardId,
      newId: randomId,
    });
    setBusy(true);
    try {
      const { local } = await runCommand(importTemplateItemsCommand.name, {
        templateId,
        items: JSON.parse(JSON.stringify(items)) as JsonValue,
        source: 'catalogue',
      });
      if (!local.ok) {
        setError(translate(local.error.message));
        return;
      }
      if (local.message) show({ type: 'success', message: translate(local.message) });
      onClose();
    } catch {
      setError(t('templates.commandFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{t('templates.catalogue.title')}</DialogTitle>
      <DialogContent data-testid="catalogue-dialog">
        <DialogContentText>{t('templates.catalogue.text')}</DialogContentText>
        <FormControlLabel
          control={
            <Checkbox
              checked={all}
              indeterminate={!all && chosen.size > 0}
              onChange={() =>
                setChosen(
                  all ? new Set() : new Set(PROCESS_AUDIT_CATALOGUE.map((e) => e.category.id)),
                )
              }
              slotProps={{ input: { 'data-testid': 'catalogue-all' } as object }}
            />
          }
          label={t('templates.catalogue.all')}
        />
        <FormGroup sx={{ pl: { xs: 2, sm: 3 } }}>
          {PROCESS_AUDIT_CATALOGUE.map((entry) => (
            <FormControlLabel
              key={entry.category.id}
              control={
                <Checkbox
                  checked={chosen.has(entry.category.id)}
                  onChange={() => toggle(entry.category.id)}
                  slotProps={{
                    input: { 'data-testid': `catalogue-category-${entry.category.id}` } as object,
                  }}
                />
              }
              label={t('templates.catalogue.category', {
                id: entry.category.id,
                name: entry.category[language],
                count: entry.questions.length,
              })}
            />
          ))}
        </FormGroup>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="catalogue-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('templates.catalogue.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || chosen.size === 0}
          data-testid="catalogue-submit"
        >
          {t('templates.catalogue.submit', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
