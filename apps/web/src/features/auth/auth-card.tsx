import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/pages/page-title';

/** The narrow card the sign-in and reset pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <PageTitle>{title}</PageTitle>
        {children}
      </Paper>
    </Box>
  );
}
