import { Link } from 'react-router';
import classes from './Header.module.css';

/** The 'Dossier' wordmark, linking home. */
export function Logo() {
  return (
    <Link to="/" className={classes.logo} aria-label="Dossier home">
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M10 8h6.5a8 8 0 010 16H10z" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
      <span className={classes.wordmark}>Dossier</span>
    </Link>
  );
}
