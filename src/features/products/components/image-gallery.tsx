import { Button } from '../../../ui/button.tsx';
import { button } from '../../../ui/controls.css.ts';
import { fileInput, gallery, mainImage, tile, tileImage, waiting } from './products.css.ts';

export interface GalleryItem {
  key: string;
  /** Missing while an object URL is not made yet. */
  src?: string;
  /** Kept on the device, not uploaded yet. */
  waiting: boolean;
  onRemove(): void;
}

/** Main picture, the others as tiles with «Удалить», and a picker (docs/screens.md «Адреса»: upload, remove). */
export function ImageGallery({ items, onAdd }: { items: GalleryItem[]; onAdd(files: File[]): void }) {
  const main = items[0];
  return (
    <div>
      <div className={gallery}>
        {main?.src ? (
          <img className={mainImage} src={main.src} alt="Главное фото" />
        ) : (
          <div className={mainImage} role="img" aria-label={main ? 'Главное фото' : 'Нет фото'} />
        )}
        {items.map((item, i) => (
          <div className={tile} key={item.key} data-testid="gallery-item">
            {item.src ? (
              <img className={tileImage} src={item.src} alt={`Фото ${i + 1}`} />
            ) : (
              <div className={tileImage} />
            )}
            {item.waiting && <span className={waiting}>Ждёт загрузки</span>}
            <Button variant="link" onClick={item.onRemove} aria-label={`Удалить фото ${i + 1}`}>
              Удалить
            </Button>
          </div>
        ))}
      </div>
      <label className={button.secondary}>
        Добавить фото
        <input
          className={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            // Clearing lets the same file be picked again after removing it.
            e.target.value = '';
            if (files.length > 0) onAdd(files);
          }}
        />
      </label>
    </div>
  );
}
