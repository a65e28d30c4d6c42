import { BlurField, type BlurFieldProps } from '../../../ui/blur-field.tsx';
import { cellInput, textInput } from './stock.css.ts';

/** The tabs' cell field: numbers in the narrow cell style, text in the wide one. */
export function BlurInput({ type = 'number', className, ...rest }: BlurFieldProps) {
  return <BlurField type={type} className={className ?? (type === 'number' ? cellInput : textInput)} {...rest} />;
}
