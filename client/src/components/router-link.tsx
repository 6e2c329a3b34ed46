import { createLink } from '@tanstack/react-router';
import { Link } from 'react-aria-components';

/** A react-aria Link that navigates with the router; the active route gets `data-current`. */
export const RouterLink = createLink(Link);
