import Box from '@mui/material/Box';

/**
 * Where the sync engine (lib/sync, later) shows the sync state of what is on screen (SPEC
 * section 4 "Document sync state"). Empty until then: no invented state.
 */
export function SyncStateSlot() {
  return (
    <Box
      data-testid="sync-state-slot"
      aria-live="polite"
      sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'center' }}
    />
  );
}
