import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import type { FavoriteKind } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { useFavorites } from './use-favorites';

/** A star that puts an audit or a measure on the person's dashboard (and takes it off). */
export function FavoriteButton({
  kind,
  id,
  name,
}: {
  kind: FavoriteKind;
  id: string;
  name: string;
}) {
  const { t } = useTranslation();
  const { isStarred, setStarred } = useFavorites();
  const starred = isStarred(kind, id);
  return (
    <IconButton
      onClick={() => setStarred(kind, id, !starred)}
      aria-pressed={starred}
      aria-label={t(starred ? 'favorites.remove' : 'favorites.add', { name })}
      title={t(starred ? 'favorites.remove' : 'favorites.add', { name })}
      sx={{ color: starred ? 'warning.dark' : undefined }}
      data-testid={`favorite-${kind}-${id}`}
    >
      {starred ? <StarIcon /> : <StarBorderIcon />}
    </IconButton>
  );
}
