import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import type { QueryProgress as Progress } from './view-selectors';

/**
 * Shown above a list whose query result is still arriving in chunks (a large snapshot, issue
 * 16): the rows so far are already listed, this says more are coming and how many came. Also
 * shown when the socket was lost before the last chunk, so a partial list is never taken for the
 * whole one (the rest comes on the next connection).
 */
export function QueryProgress({ progress }: { progress: Progress | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (!progress) return null;
  const number = new Intl.NumberFormat(language);
  const { loaded, total } = progress;
  const text =
    total === undefined
      ? t('sync.loadingMore', { loaded: number.format(loaded) })
      : t('sync.loadingMoreOf', { loaded: number.format(loaded), total: number.format(total) });
  const value = total ? Math.min(100, (100 * loaded) / total) : undefined;
  return (
    <Box role="status" data-testid="query-progress" sx={{ px: 2, py: 1 }}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        {...(value === undefined ? {} : { value })}
        aria-label={text}
      />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
