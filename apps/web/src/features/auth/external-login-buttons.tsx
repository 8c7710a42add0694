import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { LoginProvider } from '../../lib/client-config/client-config';

interface ExternalLoginButtonsProps {
  providers: LoginProvider[];
  kind: 'enterprise' | 'social';
  disabled: boolean;
  onSelect: (provider: LoginProvider) => void;
}

/** One button per OpenID Connect provider the server offers. */
export function ExternalLoginButtons({
  providers,
  kind,
  disabled,
  onSelect,
}: ExternalLoginButtonsProps) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1}>
      {providers.map((provider) => (
        <Button
          key={provider.providerId}
          variant="outlined"
          fullWidth
          disabled={disabled}
          data-testid={`${kind}-login-${provider.providerId}`}
          onClick={() => onSelect(provider)}
        >
          {t('auth.continueWith', { provider: provider.label })}
        </Button>
      ))}
    </Stack>
  );
}
