import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Title and content of a screen; the title is the page's one h1. */
export function PageLayout({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <Typography
        variant="h4"
        component="h1"
        gutterBottom
        sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
