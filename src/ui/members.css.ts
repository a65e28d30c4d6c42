import { style } from '@vanilla-extract/css';

/** The «Сотрудник» filter: as wide as a name, never wider than the toolbar it sits in. */
export const memberFilter = style({ width: '16em', maxWidth: '100%' });
