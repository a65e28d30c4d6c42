import type { ComponentProps } from 'react';
import { button } from './controls.css.ts';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof button;
}

export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return <button type={type} className={className ? `${button[variant]} ${className}` : button[variant]} {...rest} />;
}
