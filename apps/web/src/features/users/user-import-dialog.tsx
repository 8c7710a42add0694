import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { errorText, peopleApi, readBytes, type ImportReport } from './people-api';

/** CSV or JSON, by the file's extension, else its type; null: neither. */
export function importKind(file: { name: string; type: string }): 'csv' | 'json' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  if (file.type === 'text/csv') return 'csv';
  if (file.type === 'application/json') return 'json';
  return null;
}

/**
 * The people import of the admin view (SPEC sections 2 and 5, issue 15.2): a JSON array or a CSV
 * file (sent as its bytes; the server reads CSV as ISO-8859-1, so umlauts of an Excel export
 * arrive intact), each imported person inactive; then a report of what was imported and which
 * rows were rejected, with their reasons.
 */
export function UserImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const online = useOnlineStatus();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  async function send() {
    if (!file) {
      setProblem(t('users.import.fileRequired'));
      return;
    }
    const kind = importKind(file);
    if (!kind) {
      setProblem(t('users.import.wrongType'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setReport(await peopleApi.importFile(await readBytes(file), kind));
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('users.import.title')}</DialogTitle>
      <DialogContent>
        {report ? (
          <div data-testid="user-import-report">
            <Alert severity={report.rejected.length > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
              {t('users.import.summary', {
                imported: report.imported.length,
                rejected: report.rejected.length,
              })}
            </Alert>
            {report.imported.length > 0 && (
              <>
                <Typography variant="subtitle1" component="h3">
                  {t('users.import.imported')}
                </Typography>
                <List dense data-testid="user-import-imported">
                  {report.imported.map((person) => (
                    <ListItem key={person.id}>
                      <ListItemText
                        primary={person.displayName}
                        secondary={person.email ?? undefined}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            {report.rejected.length > 0 && (
              <>
                <Typography variant="subtitle1" component="h3">
                  {t('users.import.rejected')}
                </Typography>
                <List dense data-testid="user-import-rejected">
                  {report.rejected.map((entry) => (
                    <ListItem key={entry.row}>
                      <ListItemText
                        primary={t('users.import.row', { row: entry.row })}
                        secondary={entry.issues.map((issue) => translate(issue)).join('; ')}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </div>
        ) : (
          <>
            <DialogContentText>{t('users.import.hint')}</DialogContentText>
            <Button
              variant="outlined"
              onClick={() => input.current?.click()}
              sx={{ mt: 2, minHeight: 44 }}
              disabled={busy}
              data-testid="user-import-choose"
            >
              {t('users.import.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept=".csv,.json,text/csv,application/json"
              data-testid="user-import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
              }}
            />
            {file && (
              <Typography sx={{ mt: 1 }} data-testid="user-import-file-name">
                {file.name}
              </Typography>
            )}
            {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('users.import.sending')} />}
            {!online && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('users.offline')}
              </Alert>
            )}
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="user-import-error">
                {problem}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="user-import-close">
          {report ? t('users.close') : t('users.cancel')}
        </Button>
        {!report && (
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={busy || !online || !file}
            data-testid="user-import-submit"
          >
            {t('users.import.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
