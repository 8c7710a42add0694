import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { LoginProvider } from '@qa/domain';
import { useTranslation } from 'react-i18next';

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
  // No label configured: enterprise login gets a translated name, a social provider its id.
  const labelOf = (provider: LoginProvider) =>
    provider.label ??
    (kind === 'enterprise' ? t('auth.enterpriseLoginDefault') : provider.providerId);
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
          {t('auth.continueWith', { provider: labelOf(provider) })}
        </Button>
      ))}
    </Stack>
  );
}
