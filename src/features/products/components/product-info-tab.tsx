import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { ChangedByNote } from '../../../ui/changed-by-note.tsx';
import { row } from '../../../ui/controls.css.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { SHELF_MAX, validateProduct, type ProductErrors } from '../api/create-product.ts';
import { imageSrc } from '../../../lib/image-src.ts';
import type { FieldNote } from '../api/field-notes.ts';
import type { PendingImage, ProductWh, StockFigures } from '../api/types.ts';
import { addImages, deleteProduct, removeImage, removePendingImage, updateProduct } from '../api/update-product.ts';
import { ImageGallery } from './image-gallery.tsx';
import { ProductBarcodes } from './product-barcodes.tsx';
import { form } from './products.css.ts';
import { useObjectUrls } from './use-object-urls.ts';
import { TrashIcon } from '../../../ui/trash-icon.tsx';
import { useCan } from '../../../lib/permissions.ts';

interface Props {
  product: ProductWh;
  pending: PendingImage[];
  figures: StockFigures;
  /** By field name. */
  notes?: ReadonlyMap<string, FieldNote>;
  onDismissNote?(field: string): void;
}

type Values = { name: string; description: string; shelf: string };
const valuesOf = (product: ProductWh): Values => ({
  name: product.name,
  description: product.description,
  // A row pulled before shelves existed has none.
  shelf: product.shelf ?? '',
});
/** Nothing typed and not saved: the field shows what it last showed of the product (name and shelf save trimmed). */
const untouched = (shown: string, saved: string, trimmed: boolean) =>
  trimmed ? shown.trim() === saved.trim() : shown === saved;

/**
 * The fields follow the product as it changes (a colleague's edit pulled, the server's answer), except what the
 * person has typed and not saved: two people's devices end showing the same value.
 */
function useFieldValues(product: ProductWh) {
  const current = valuesOf(product);
  const [values, setValues] = useState(current);
  const [seen, setSeen] = useState(current);
  if (seen.name !== current.name || seen.description !== current.description || seen.shelf !== current.shelf) {
    setSeen(current);
    setValues((v) => ({
      name: untouched(v.name, seen.name, true) ? current.name : v.name,
      description: untouched(v.description, seen.description, false) ? current.description : v.description,
      shelf: untouched(v.shelf, seen.shelf, true) ? current.shelf : v.shelf,
    }));
  }
  return [values, setValues] as const;
}

/**
 * Tab 0 «Товар»: gallery, name, shelf and description saved on blur, delete for a role that may (docs/screens.md
 * «Адреса»).
 */
export function ProductInfoTab({ product, pending, figures, notes, onDismissNote }: Props) {
  const navigate = useNavigate();
  const [values, setValues] = useFieldValues(product);
  const [errors, setErrors] = useState<ProductErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const urls = useObjectUrls(pending);
  const isNew = product.id === 'new';
  const canDelete = useCan('productDelete');
  const canEdit = useCan('productEdit');

  const save = async (fields: Partial<typeof values>) => {
    const found = validateProduct({ name: fields.name, shelf: fields.shelf });
    if (Object.keys(found).length > 0) return setErrors(found);
    await updateProduct(product, fields);
  };

  async function remove() {
    setConfirmDelete(false);
    const result = await deleteProduct(product, figures.count);
    if (!result.ok) return notify({ type: 'error', text: result.reason }, 10_000);
    await navigate({ to: '/products' });
  }

  const items = [
    ...product.images.map((url) => ({
      key: url,
      src: imageSrc(url),
      waiting: false,
      onRemove: () => void removeImage(product, url),
    })),
    ...pending.map((p) => ({
      key: p.id,
      src: urls[p.id],
      waiting: true,
      onRemove: () => void removePendingImage(p.id),
    })),
  ];

  const noteOf = (field: keyof Values) => {
    const note = notes?.get(field);
    return note && <ChangedByNote field={field} who={note.who} at={note.at} onDismiss={() => onDismissNote?.(field)} />;
  };

  return (
    <div className={form}>
      <ImageGallery items={items} onAdd={(files) => void addImages(product.id, files)} />
      <TextArea
        label="Название"
        name="name"
        rows={2}
        value={values.name}
        error={errors.name}
        onChange={(e) => {
          setValues((v) => ({ ...v, name: e.target.value }));
          setErrors((er) => ({ ...er, name: undefined }));
        }}
        onBlur={() => void save({ name: values.name })}
      />
      {noteOf('name')}
      <TextField
        label="Место на складе"
        name="shelf"
        value={values.shelf}
        error={errors.shelf}
        placeholder="Например, А-03-2"
        maxLength={SHELF_MAX}
        autoComplete="off"
        onChange={(e) => {
          setValues((v) => ({ ...v, shelf: e.target.value }));
          setErrors((er) => ({ ...er, shelf: undefined }));
        }}
        onBlur={() => void save({ shelf: values.shelf })}
      />
      {noteOf('shelf')}
      {!isNew && <ProductBarcodes product={product} canEdit={canEdit} />}
      <TextArea
        label="Описание"
        name="description"
        value={values.description}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        onBlur={() => void save({ description: values.description })}
      />
      {noteOf('description')}
      <div className={row}>
        {!isNew && <Button onClick={() => void save(values)}>Обновить</Button>}
        {canDelete && (
          <Button
            variant="danger"
            aria-label="Удалить товар"
            title="Удалить товар"
            onClick={() => setConfirmDelete(true)}
          >
            <TrashIcon />
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Удалить товар?"
        text={`Товар «${product.name}» будет удалён вместе с карточками маркетплейсов.`}
        confirmLabel="Удалить"
        danger
        onConfirm={() => void remove()}
      />
    </div>
  );
}
