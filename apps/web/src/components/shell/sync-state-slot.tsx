import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useSyncClient } from '../../lib/sync/sync-context';
import { useSyncState } from '../../lib/sync/use-sync-state';

/**
 * The sync state of everything on this device (SPEC section 4 "Document sync state") and the
 * number of changes not yet confirmed by the server. Empty when signed out.
 */
export function SyncStateSlot() {
  const { t } = useTranslation();
  const client = useSyncClient();
  const { state, pending } = useSyncState();
  return (
    <Box
      data-testid="sync-state-slot"
      aria-live="polite"
      sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 0.5 }}
    >
      {client && <SyncStateIcon state={state} size="medium" />}
      {client && pending > 0 && (
        <Typography
          variant="body2"
          component="span"
          role="img"
          data-testid="sync-pending-count"
          aria-label={t('sync.pending', { count: pending })}
          title={t('sync.pending', { count: pending })}
        >
          {pending}
        </Typography>
      )}
    </Box>
  );
}
