import { BlurNumberField, type BlurNumberFieldProps } from '../../../ui/number-field.tsx';
import { cellInput } from './inventory.css.ts';

/** /inventory's number cell (decimal comma); the lot's rules refuse what is below 0. */
export function BlurNumber(props: BlurNumberFieldProps) {
  return <BlurNumberField className={cellInput} {...props} />;
}
