import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { countNoun, formatAmount, formatRoubles, nounForm, nouns } from '../../../lib/format.ts';
import { setSyncDialogOpen } from '../../../state/app-state.ts';
import { useMirrorComplete } from '../../../state/mirror-complete.ts';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { CHART_WEEKS, useHomeCharts, useHomeFigures, type HomeFigures } from '../api/load-home.ts';
import { StockValueChart } from './stock-value-chart.tsx';
import { WeeklySalesChart } from './weekly-sales-chart.tsx';
import { useSeesCosts } from '../../../lib/permissions.ts';
import {
  actions,
  bad,
  charts,
  column,
  figure,
  grid,
  lacking,
  list,
  listItem,
  moreLink,
  note,
  rowLink,
  section,
  sectionTitle,
} from './home.css.ts';

/** How many short products the card names; the rest are on /shipping-delivery «Не хватает». */
const SHORT_SHOWN = 5;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={section} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The refused edits are handled in the header's «Синхронизация» dialog (retry, drop, open the row's
 * screen), which belongs to the shell and another feature: this opens it through the app state
 * rather than keep a second copy of that list here.
 */
const openSyncDialog = () => setSyncDialogOpen(true);

function StockCard({ figures, costs }: { figures: HomeFigures | undefined; costs: boolean }) {
  return (
    <Section title="Склад сейчас" testId="home-stock">
      <p className={figure}>
        <span data-testid="home-units">{figures ? formatAmount(figures.onHand.units) : '…'}</span> шт.
      </p>
      {costs && (
        <p className={note}>
          на сумму <span data-testid="home-value">{figures ? formatRoubles(figures.onHand.value) : '…'}</span> по
          себестоимости партий
        </p>
      )}
      <Link className={moreLink} to="/products">
        Товары и остатки
      </Link>
    </Section>
  );
}

function ShortfallCard({ figures }: { figures: HomeFigures | undefined }) {
  const short = figures?.shortfalls ?? [];
  return (
    <Section title="Не хватает на заказы" testId="home-shortfalls">
      <p className={`${figure} ${short.length > 0 ? bad : ''}`}>
        <span data-testid="home-shortfall-count">{figures ? formatAmount(short.length) : '…'}</span>{' '}
        <span className={note}>{nounForm(short.length, nouns.product)}</span>
      </p>
      {figures && short.length === 0 && <p className={note}>Остатка хватает на все заказы, ждущие сборки.</p>}
      {short.length > 0 && (
        <ul className={list} aria-label="Товары, которым не хватает остатка">
          {short.slice(0, SHORT_SHOWN).map((s) => (
            <li key={s.id} className={listItem} data-testid="shortfall-row" data-product-id={s.id}>
              <Link className={rowLink} to="/product/$productId" params={{ productId: s.id }}>
                {s.name}
              </Link>
              <span
                className={lacking}
                title={`Ждут сборки ${formatAmount(s.awaiting)} шт., на складе ${formatAmount(s.onHand)} шт.`}
              >
                не хватает {formatAmount(s.lacking)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {short.length > 0 && (
        <Link className={moreLink} to="/shipping-delivery" search={{ sufficiency: 'not_enough' }}>
          {short.length > SHORT_SHOWN
            ? `Все ${formatAmount(short.length)} — в «Отгрузки и доставки»`
            : 'Открыть «Отгрузки и доставки»'}
        </Link>
      )}
    </Section>
  );
}

function EditsCard({ figures }: { figures: HomeFigures | undefined }) {
  const edits = figures?.edits;
  return (
    <Section title="Правки" testId="home-edits">
      <p className={note}>
        Не отправлено на сервер: <strong data-testid="home-unsent">{edits ? formatAmount(edits.unsent) : '…'}</strong>
        {edits && edits.unsent > 0 && ' — уйдут сами, когда будет сеть.'}
      </p>
      <p className={note}>
        Отклонено сервером:{' '}
        <strong data-testid="home-refused" className={edits && edits.refused > 0 ? bad : undefined}>
          {edits ? formatAmount(edits.refused) : '…'}
        </strong>
      </p>
      <div className={actions}>
        <Button variant={edits && edits.refused > 0 ? 'primary' : 'secondary'} onClick={openSyncDialog}>
          {edits && edits.refused > 0 ? 'Разобрать отклонённые' : 'Открыть «Синхронизацию»'}
        </Button>
      </div>
    </Section>
  );
}

/**
 * «/» — «Главная»: where the seller stands, from the device (works offline). The stock's value and the sales are
 * money: a member without leave to see costs gets the units and the edits, not the sums or the charts.
 */
export function HomeScreen() {
  const figures = useHomeFigures();
  const costs = useSeesCosts();
  const complete = useMirrorComplete();
  return (
    <Page title="Главная">
      {complete === false && (
        <p className={note} role="status" data-testid="home-filling">
          Данные загружаются на устройство… Цифры и графики обновятся, когда загрузка закончится.
        </p>
      )}
      <div className={grid}>
        <div className={column}>
          <StockCard figures={figures} costs={costs} />
          <EditsCard figures={figures} />
        </div>
        <ShortfallCard figures={figures} />
      </div>
      {costs && <Charts />}
    </Page>
  );
}

/** The two charts: the value of the stock and the weekly sales with their gross profit. */
function Charts() {
  const data = useHomeCharts();
  return (
    <>
      <div className={charts}>
        <Section title="Стоимость склада по себестоимости" testId="home-value-section">
          {data ? <StockValueChart points={data.value} /> : <p className={note}>Считаем…</p>}
        </Section>
        <Section
          title={`Продажи и валовая прибыль по неделям (${countNoun(CHART_WEEKS, nouns.week)})`}
          testId="home-sales-section"
        >
          <p className={note}>
            Продажи и прочие реализации; себестоимость — по тем партиям, из которых ушёл товар (сначала самые ранние).
          </p>
          {data ? <WeeklySalesChart weeks={data.sales} /> : <p className={note}>Считаем…</p>}
        </Section>
      </div>
    </>
  );
}
