import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import type { ScanOutcome } from '../../../scan/feedback.ts';
import { useScan } from '../../../scan/use-scan.ts';
import { Button } from '../../../ui/button.tsx';
import { NotFoundPage, Page } from '../../../ui/page.tsx';
import { assembleOrder, orderLabel } from '../api/assemble-order.ts';
import type { AssemblyStatus } from '../api/assembly.ts';
import {
  markLabelPrinted,
  pickLine,
  resetPicking,
  scanForAssembly,
  useAssembly,
  type AssemblyView,
} from '../api/load-assembly.ts';
import { AssemblyLineItem } from './assembly-line.tsx';
import {
  done,
  footer,
  head,
  lines,
  linkButton,
  links,
  message,
  messageBox,
  muted,
  status as statusClass,
  statusBox,
  title,
} from './assembly.css.ts';
import { printPdf } from './print-pdf.ts';

/** What the order's status says under the lines. */
function StatusLine({ status }: { status: AssemblyStatus }) {
  switch (status.kind) {
    case 'picking':
      return null;
    case 'sending':
      return <span className={statusClass.sending}>Отправляется в маркетплейс…</span>;
    case 'done':
      return <span className={statusClass.done}>Собран {formatDateTime(status.at)}</span>;
    case 'failed':
      return <span className={statusClass.failed}>Маркетплейс не принял сборку: {status.error}</span>;
  }
}

/**
 * Prints the label once by itself when it arrives while the screen is open (or is already there when it opens and
 * has not printed on this device); afterwards «Печать этикетки» prints it again.
 */
function useLabel(view: AssemblyView | null | undefined) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const orderId = view?.order.id;

  const print = async (auto: boolean) => {
    if (!orderId) return;
    setBusy(true);
    const label = await orderLabel(orderId);
    setBusy(false);
    if (!label.ok) {
      setError(label.error);
      return;
    }
    setError(null);
    if (auto) await markLabelPrinted(orderId);
    printPdf(label.pdf);
  };

  const autoPrint = !!view && view.labelReady && view.autoPrint && view.status.kind === 'done';
  useEffect(() => {
    if (!autoPrint || started.current) return;
    started.current = true;
    void print(true);
  }, [autoPrint]);

  return { error, busy, print: () => void print(false) };
}

/**
 * /orders/$orderId/assemble — «Сборка заказа» (docs/screens.md): scan every unit of the order (or confirm a line by
 * hand), then «Собрано» tells the marketplace through the outbox, offline too; the label prints when it arrives.
 */
export function AssemblyScreen({ orderId }: { orderId: string }) {
  const view = useAssembly(orderId);
  const allowed = useCan('assembly');
  const [last, setLast] = useState<{ outcome: ScanOutcome; text: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const label = useLabel(view);

  const picking = !!view && view.status.kind === 'picking' && view.order.stage === 'awaiting_packaging';
  const editable = picking && allowed;

  useScan(async (code) => {
    if (!editable) {
      setLast({ outcome: 'refused', text: 'Заказ уже собран: сканировать нечего' });
      return 'refused';
    }
    const result = await scanForAssembly(orderId, code);
    setLast({ outcome: result.outcome, text: result.message });
    return result.outcome;
  }, !!view);

  if (view === undefined) return <Page title="Сборка заказа" />;
  if (view === null)
    return (
      <NotFoundPage
        title="Сборка заказа"
        heading="Заказ не найден"
        text="Заказа нет на этом устройстве: возможно, он ещё не загружен с сервера."
      />
    );

  const units = view.lines.reduce((n, l) => n + l.quantity, 0);
  const picked = view.lines.reduce((n, l) => n + l.picked, 0);
  const send = async () => {
    const outcome = await assembleOrder(orderId);
    setSendError(outcome.ok ? null : outcome.error);
  };

  return (
    <Page title={`Сборка заказа ${view.order.posting_number}`}>
      <div className={head}>
        <div>
          <h2 className={title} data-testid="assembly-posting">
            Заказ {view.order.posting_number}
          </h2>
          <p className={muted}>
            {view.order.store} · {view.order.stageLabel} ·{' '}
            <span data-testid="assembly-progress">
              собрано {formatAmount(picked)} из {formatAmount(units)} шт.
            </span>
          </p>
        </div>
        <div className={links}>
          <Link className={linkButton} to="/orders/pick-list">
            Лист сборки
          </Link>
          <Link className={linkButton} to="/orders">
            ← К заказам
          </Link>
        </div>
      </div>
      <p className={messageBox} role="status" data-testid="scan-message" data-outcome={last?.outcome}>
        {last ? (
          <span className={message[last.outcome]}>{last.text}</span>
        ) : editable ? (
          <span className={muted}>Отсканируйте товары заказа или отметьте их кнопками.</span>
        ) : view.status.kind === 'picking' && view.order.stage !== 'awaiting_packaging' ? (
          <span className={muted}>Заказ не ждёт сборки: {view.order.stageLabel.toLowerCase()}.</span>
        ) : null}
      </p>
      <ul className={lines} aria-label="Позиции заказа">
        {view.lines.map((l) => (
          <AssemblyLineItem
            key={l.id}
            line={l}
            editable={editable}
            onPick={(u) => {
              setLast(null);
              void pickLine(orderId, l.id, u);
            }}
          />
        ))}
      </ul>
      <div className={footer}>
        {editable && (
          <Button className={done} disabled={!view.complete} onClick={() => void send()}>
            Собрано
          </Button>
        )}
        {allowed && view.status.kind === 'failed' && (
          <Button className={done} onClick={() => void send()}>
            Собрать снова
          </Button>
        )}
        {view.status.kind === 'done' && view.labelReady && (
          <Button className={done} disabled={label.busy} onClick={label.print}>
            Печать этикетки
          </Button>
        )}
        <p className={statusBox} data-testid="assembly-status" aria-live="polite">
          <StatusLine status={view.status} />
          {view.status.kind === 'done' && !view.labelReady && (
            <span className={muted}> Этикетка распечатается, когда маркетплейс её выдаст.</span>
          )}
          {sendError && <span className={statusClass.failed}>{sendError}</span>}
          {label.error && <span className={statusClass.failed}>{label.error}</span>}
        </p>
        {editable && picked > 0 && (
          <Button variant="link" onClick={() => void resetPicking(orderId)}>
            Начать заново
          </Button>
        )}
      </div>
    </Page>
  );
}
