import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useIsAuthenticated } from '@/lib/session';
import { useSetFavoriteMutation } from '../api/favorites';
import styles from './markets.module.css';

interface FavoriteStarProps {
  symbol: string;
  label: string;
  isFavorite: boolean;
}

/** Spec section 4: toggles the favourite, then the lists reload. A visitor is sent to log in. */
export function FavoriteStar({ symbol, label, isFavorite }: FavoriteStarProps) {
  const { t } = useTranslation('market');
  const signedIn = useIsAuthenticated();
  const navigate = useNavigate();
  const [setFavorite, { isLoading }] = useSetFavoriteMutation();
  const toggle = async () => {
    if (!signedIn) return navigate(paths.login.getHref());
    try {
      await setFavorite({ symbol, favorite: !isFavorite }).unwrap();
    } catch (error) {
      // Spec section 8: a failed favourite toggle is only logged.
      console.error('Failed to toggle favourite:', error);
    }
  };
  return (
    <button
      type="button"
      className={isFavorite ? `${styles.star} ${styles.starOn}` : styles.star}
      aria-pressed={isFavorite}
      aria-label={t('table.favoriteLabel', { pair: label })}
      disabled={isLoading}
      onClick={() => void toggle()}
    >
      {isFavorite ? '★' : '☆'}
    </button>
  );
}
