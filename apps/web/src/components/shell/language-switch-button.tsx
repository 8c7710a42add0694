import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';

/** One click to the other language; the label names the language it switches to. */
export function LanguageSwitchButton() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const other = language === 'de' ? 'en' : 'de';
  return (
    <Button
      color="inherit"
      data-testid="language-switch"
      aria-label={t('language.switchTo')}
      onClick={() => setLanguage(other)}
      sx={{ minWidth: 0, px: 1 }}
    >
      {t('language.otherShort')}
    </Button>
  );
}
