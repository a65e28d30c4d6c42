import { style } from '@vanilla-extract/css';
import { input } from './controls.css.ts';

/** Wide enough for ДД.ММ.ГГГГ and no wider; digits of equal width so the dots stay put while typing. */
export const dateInput = style([input, { width: '10.5em', maxWidth: '100%', fontVariantNumeric: 'tabular-nums' }]);
