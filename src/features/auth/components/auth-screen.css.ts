import { style } from '@vanilla-extract/css';

export const authCard = style({ maxWidth: '420px', margin: '0 auto' });
