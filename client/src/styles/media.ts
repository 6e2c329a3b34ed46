/** Breakpoints for `@media` (CSS variables cannot be used in media queries). */
export const media = {
  tablet: 'screen and (min-width: 768px)',
  desktop: 'screen and (min-width: 1024px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
