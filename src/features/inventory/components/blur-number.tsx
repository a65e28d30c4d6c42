import { BlurField, type BlurFieldProps } from '../../../ui/blur-field.tsx';
import { cellInput } from './inventory.css.ts';

/** /inventory's number cell, never below 0. */
export function BlurNumber(props: Omit<BlurFieldProps, 'type'>) {
  return <BlurField type="number" min={0} className={cellInput} {...props} />;
}
