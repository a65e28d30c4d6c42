import { BlurField, type BlurFieldProps } from '../../../ui/blur-field.tsx';
import { BlurNumberField, type BlurNumberFieldProps } from '../../../ui/number-field.tsx';
import { cellInput, textInput } from './stock.css.ts';

/** The tabs' text cell field, in the wide style. */
export function BlurInput({ className, ...rest }: BlurFieldProps) {
  return <BlurField className={className ?? textInput} {...rest} />;
}

/** The tabs' number cell field (decimal comma), in the narrow style. */
export function BlurNumber({ className, ...rest }: BlurNumberFieldProps) {
  return <BlurNumberField className={className ?? cellInput} {...rest} />;
}
