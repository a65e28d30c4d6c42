import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { actions, content, overlay, title as titleClass } from './dialog.css.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children?: ReactNode;
  /** Buttons at the bottom; a Close button when none are given. */
  footer?: ReactNode;
}

/** The app's one dialog: Radix underneath for focus trapping, Escape and screen readers. */
export function Dialog({ open, onOpenChange, title, children, footer }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlay} />
        <RadixDialog.Content className={content} aria-describedby={undefined}>
          <RadixDialog.Title className={titleClass}>{title}</RadixDialog.Title>
          {children}
          <div className={actions}>
            {footer ?? (
              <RadixDialog.Close asChild>
                <Button variant="secondary">Закрыть</Button>
              </RadixDialog.Close>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
  danger?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  onConfirm,
  danger,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Отмена
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
