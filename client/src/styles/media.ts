/** Breakpoints for `@media` (CSS variables cannot be used in media queries). */
export const media = {
  /** Below tablet width: where the bottom bar shows and space in a row is short. */
  phone: 'screen and (max-width: 767.98px)',
  tablet: 'screen and (min-width: 768px)',
  desktop: 'screen and (min-width: 1024px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
