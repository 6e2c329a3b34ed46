import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/**
 * A member's cooked text (server/src/formatting): the prose of a forum post. Its elements are the allow-list's, so
 * they are styled here by tag, inside this class only.
 */
export const cooked = style({
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.normal,
  minWidth: 0,
});

const inside = (selector: string) =>
  selector
    .split(',')
    .map((part) => `${cooked} ${part.trim()}`)
    .join(', ');

globalStyle(inside('p, ul, ol, blockquote, pre, .table-scroll, h1, h2, h3, h4, h5, h6, hr'), {
  margin: `0 0 ${vars.space.md}`,
});
globalStyle(inside('> :last-child'), { marginBottom: 0 });
globalStyle(inside('h1, h2, h3, h4, h5, h6'), {
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.semibold,
  marginTop: vars.space.lg,
});
globalStyle(inside('> :first-child'), { marginTop: 0 });
globalStyle(inside('h1'), { fontSize: vars.fontSize.xl });
globalStyle(inside('h2'), { fontSize: vars.fontSize.lg });
globalStyle(inside('h3, h4, h5, h6'), { fontSize: vars.fontSize.md });
globalStyle(inside('ul, ol'), { paddingLeft: vars.space.xl });
globalStyle(inside('li + li'), { marginTop: vars.space.xxs });
globalStyle(inside('.contains-task-list'), { listStyle: 'none', paddingLeft: vars.space.xs });
globalStyle(inside('.task-list-item-checkbox'), { margin: `0 ${vars.space.sm} 0 0`, verticalAlign: 'middle' });
globalStyle(inside('a'), { color: vars.color.primary, textDecoration: 'underline', textUnderlineOffset: '2px' });
globalStyle(inside('a.mention'), {
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.primarySoftText,
  background: vars.color.primarySoft,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.xs}`,
});
globalStyle(inside('code'), {
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  padding: `1px ${vars.space.xs}`,
});
globalStyle(inside('pre'), {
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  overflowX: 'auto',
  whiteSpace: 'pre',
  overflowWrap: 'normal',
});
globalStyle(inside('pre code'), { background: 'none', padding: 0, fontSize: 'inherit' });
globalStyle(inside('blockquote'), {
  borderLeft: `3px solid ${vars.color.borderStrong}`,
  padding: `${vars.space.xxs} 0 ${vars.space.xxs} ${vars.space.md}`,
  color: vars.color.textMuted,
});
globalStyle(inside('hr'), { border: 0, borderTop: `1px solid ${vars.color.border}` });
globalStyle(inside('img'), { maxWidth: '100%', height: 'auto' });
// A wide table scrolls in its own box on a phone; the page never does.
globalStyle(inside('.table-scroll'), { maxWidth: '100%', overflowX: 'auto' });
globalStyle(inside('.table-scroll:focus-visible, pre:focus-visible'), {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
globalStyle(inside('table'), { borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(inside('th, td'), {
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'left',
  overflowWrap: 'normal',
});
globalStyle(inside('th'), { background: vars.color.surfaceMuted, fontWeight: vars.fontWeight.semibold });
globalStyle(inside('.align-center'), { textAlign: 'center' });
globalStyle(inside('.align-right'), { textAlign: 'right' });
