import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextFieldLight } from '../../components/form/text-field-light';
import { PASSWORD_TEXT_VALUES } from './validation';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  problemKey: string | null;
  name?: string;
}

/**
 * A password input with a show/hide toggle (typing on a tablet is error-prone), of plain elements
 * (TextFieldLight): it is on the sign-in page, a first screen.
 */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  problemKey,
  name,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextFieldLight
      label={label}
      type={visible ? 'text' : 'password'}
      name={name ?? autoComplete}
      autoComplete={autoComplete}
      required
      value={value}
      onChange={onChange}
      error={Boolean(problemKey)}
      helperText={problemKey ? t(problemKey, PASSWORD_TEXT_VALUES) : undefined}
      end={
        <IconButton
          aria-label={t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          edge="end"
        >
          {visible ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      }
    />
  );
}
