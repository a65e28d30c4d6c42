import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { Market } from '../api/types.ts';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Card, Heading, NotFoundPage, Page } from '../../../ui/page.tsx';
import { ForbiddenPage } from '../../../ui/forbidden.tsx';
import { can, useMembership } from '../../../lib/permissions.ts';
import { SelectField, TextArea, TextField } from '../../../ui/text-field.tsx';
import { createMarket, validateMarket, type FieldErrors, type MarketInput } from '../api/create-market.ts';
import { deleteMarket } from '../api/delete-market.ts';
import { marketplaceOptions, type StoreMarketplace } from '../api/marketplaces.ts';
import { defaultIntakeInterval } from '../api/order-intake.ts';
import { updateMarket } from '../api/update-market.ts';
import { useMarket } from '../api/use-markets.ts';
import { form } from './markets.css.ts';
import { OrderIntakeFields, type OrderIntakeValue } from './order-intake-fields.tsx';

const empty: MarketInput = {
  market_id: '',
  name: '',
  description: '',
  access_token: '',
  marketplace: '-',
  order_intake: true,
  order_intake_interval: defaultIntakeInterval,
};
const inputOf = (m: Market): MarketInput => ({ ...m, access_token: m.access_token });

/** /market/{market_id}: create mode for 'new', otherwise edit with the ID locked (docs/screens.md «Адреса»). */
export function MarketPage({ marketId }: { marketId: string }) {
  const creating = marketId === 'new';
  const { loaded, market } = useMarket(marketId);
  const membership = useMembership();
  if (creating && !can(membership, 'marketCreate'))
    return (
      <ForbiddenPage
        title="Добавление нового магазина"
        text="Магазины с их ключами маркетплейсов добавляет владелец бизнеса."
      />
    );
  if (!creating && !can(membership, 'marketEdit'))
    return <ForbiddenPage title="Магазин" text="Магазины меняют владелец и менеджеры." />;
  if (creating) return <MarketForm key="new" />;
  if (!loaded) return <Page title="Магазин" />;
  if (!market)
    return (
      <NotFoundPage
        title="Магазин"
        heading="Магазин не найден"
        text="Возможно, он удалён или ещё не загружен на это устройство."
      />
    );
  return <MarketForm key={market.id} market={market} />;
}

function MarketForm({ market }: { market?: Market }) {
  const navigate = useNavigate();
  const membership = useMembership();
  const [values, setValues] = useState<MarketInput>(market ? inputOf(market) : empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A second tap while the first submit is still checking would create the store twice.
  const submitting = useRef(false);
  const toList = () => void navigate({ to: '/markets' });
  // The intake settings of a saved store save at once, like its marketplace.
  const setIntake = (patch: Partial<OrderIntakeValue>) => {
    setValues((v) => ({ ...v, ...patch }));
    if (market) void updateMarket(market, patch);
  };
  const set = (field: keyof MarketInput) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };
  // Edits of an existing store save when a field loses focus, online or not.
  const saveField = (field: keyof MarketInput) => async () => {
    if (!market) return;
    const found = await validateMarket(values, { creating: false });
    if (found[field]) return setErrors(found);
    await updateMarket(market, { [field]: values[field] });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      const found = await validateMarket(values, { creating: !market });
      if (Object.keys(found).length > 0) return setErrors(found);
      if (market) await updateMarket(market, values);
      else await createMarket(values);
      toList();
    } finally {
      submitting.current = false;
    }
  }

  const title = market ? market.name || 'Магазин' : 'Добавление нового магазина';
  return (
    <Page title={title}>
      <Card>
        <Heading>{market ? 'Изменение данных магазина' : 'Добавление нового магазина'}</Heading>
        <form className={form} onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label="Идентификатор магазина"
            name="market_id"
            value={values.market_id}
            onChange={set('market_id')}
            disabled={!!market}
            readOnly={!!market}
            error={errors.market_id}
          />
          <TextField
            label="Название"
            name="name"
            value={values.name}
            onChange={set('name')}
            onBlur={() => void saveField('name')()}
            error={errors.name}
          />
          <TextArea
            label="Описание"
            name="description"
            value={values.description}
            onChange={set('description')}
            onBlur={() => void saveField('description')()}
          />
          {/* The marketplace key is the owner's: the server refuses anyone else's change of it. */}
          {can(membership, 'marketKey') && (
            <TextField
              label="Ключ доступа к маркетплейсу"
              name="access_token"
              value={values.access_token}
              onChange={set('access_token')}
              onBlur={() => void saveField('access_token')()}
              autoComplete="off"
              placeholder={market?.has_access_token ? '' : 'Не задан'}
            />
          )}
          <SelectField
            label="Маркетплейс"
            name="marketplace"
            value={values.marketplace}
            options={marketplaceOptions}
            onChange={(e) => {
              const marketplace = e.target.value as StoreMarketplace;
              setValues((v) => ({ ...v, marketplace }));
              if (market) void updateMarket(market, { marketplace });
            }}
          />
          {values.marketplace !== '-' && <OrderIntakeFields value={values} onChange={setIntake} />}
          <div className={row}>
            <Button type="submit">{market ? 'Обновить' : 'Создать'}</Button>
            {market && can(membership, 'marketDelete') && (
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                Удалить
              </Button>
            )}
          </div>
        </form>
      </Card>
      {market && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Удалить магазин?"
          text={`Магазин «${market.name}» будет удалён.`}
          confirmLabel="Удалить"
          danger
          onConfirm={() => void deleteMarket(market).then(toList)}
        />
      )}
    </Page>
  );
}
