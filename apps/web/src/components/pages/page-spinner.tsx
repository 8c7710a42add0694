import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Centered spinner for a page that waits (session check, sign-out). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
