import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** Title and content of a screen; the title is the page's one h1. */
export function PageLayout({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <PageTitle>{title}</PageTitle>
      {children}
    </Box>
  );
}
