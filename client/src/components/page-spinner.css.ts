import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** The spinner's place and turn, here and in index.html's boot shell. */
export const containerRules = { display: 'grid', placeItems: 'center', minHeight: '40vh', color: vars.color.primary };
export const iconRules = { animation: `${spin} 0.9s linear infinite` };

export const container = style(containerRules);

export const icon = style(iconRules);
