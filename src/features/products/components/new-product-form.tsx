import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { Card, Heading, Page } from '../../../ui/page.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { createProduct, SHELF_MAX, validateProduct, type ProductErrors } from '../api/create-product.ts';
import { ImageGallery } from './image-gallery.tsx';
import { form } from './products.css.ts';
import { useObjectUrls } from './use-object-urls.ts';

interface Picked {
  id: string;
  file: File;
}

/** /new/product: name, shelf, pictures, description; «Добавить товар» creates it and opens its page. */
export function NewProductForm() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [shelf, setShelf] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [errors, setErrors] = useState<ProductErrors>({});
  // A second tap while the first is still saving would create the product twice.
  const submitting = useRef(false);
  const sources = useMemo(() => picked.map((p) => ({ id: p.id, data: p.file })), [picked]);
  const urls = useObjectUrls(sources);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting.current) return;
    const found = validateProduct({ name, shelf });
    if (Object.keys(found).length > 0) return setErrors(found);
    submitting.current = true;
    try {
      const productId = await createProduct({ name, description, shelf, files: picked.map((p) => p.file) });
      await navigate({ to: '/product/$productId', params: { productId } });
    } finally {
      submitting.current = false;
    }
  }

  return (
    <Page title="Новый товар">
      <Card>
        <Heading>Новый товар</Heading>
        <form className={form} onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label="Название"
            name="name"
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((er) => ({ ...er, name: undefined }));
            }}
          />
          <TextField
            label="Место на складе"
            name="shelf"
            value={shelf}
            error={errors.shelf}
            placeholder="Например, А-03-2"
            maxLength={SHELF_MAX}
            autoComplete="off"
            onChange={(e) => {
              setShelf(e.target.value);
              setErrors((er) => ({ ...er, shelf: undefined }));
            }}
          />
          <ImageGallery
            items={picked.map((p) => ({
              key: p.id,
              src: urls[p.id],
              waiting: false,
              onRemove: () => setPicked((all) => all.filter((x) => x.id !== p.id)),
            }))}
            onAdd={(files) => setPicked((all) => [...all, ...files.map((file) => ({ id: crypto.randomUUID(), file }))])}
          />
          <TextArea
            label="Описание"
            name="description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <div className={row}>
            <Button type="submit">Добавить товар</Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
