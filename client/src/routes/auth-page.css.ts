import { style } from '@vanilla-extract/css';
import { statement, surface } from '../components/card.css.ts';
import { vars } from '../styles/theme.css.ts';

export const signedIn = style([surface, statement, { maxWidth: '420px', margin: `${vars.space.xxxl} auto` }]);

export const signedInIcon = style({ color: vars.color.success });

export const signedInText = style({ color: vars.color.textMuted });
