import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The one h1 of a screen, smaller on phones. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="h4"
      component="h1"
      gutterBottom
      sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
    >
      {children}
    </Typography>
  );
}
