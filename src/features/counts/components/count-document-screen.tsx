import { useMemo, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import type { ScanOutcome } from '../../../scan/feedback.ts';
import { useScan } from '../../../scan/use-scan.ts';
import { Button } from '../../../ui/button.tsx';
import { NotFoundPage, Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { changeMyCount, refusalText, type CountChange } from '../api/my-lines.ts';
import { postCount, usePostState } from '../api/post-count.ts';
import { scanIntoCount } from '../api/scan-into-count.ts';
import { loadShelf, saveShelf } from '../api/shelf.ts';
import { useCountDocument } from '../api/use-count-document.ts';
import { CountTable } from './count-table.tsx';
import { scopeText, statusText } from './counts-screen.tsx';
import * as css from './counts.css.ts';
import { PostDialog } from './post-dialog.tsx';

const TITLE = 'Инвентаризация';

/** /counts/{id}: count a draft by scan or by hand, shelf by shelf, and post it; a posted count only shows results. */
export function CountDocumentScreen({ countId }: { countId: string }) {
  const [shelf, setShelf] = useState(loadShelf);
  // The shelf as typed this instant: a scan made while the shelf field has focus puts the field back (scan-bus)
  // just before it is delivered, sooner than the next render.
  const shelfNow = useRef(shelf);
  const doc = useCountDocument(countId, shelf.trim());
  const postState = usePostState(countId);
  const [query, setQuery] = useState('');
  const [onlyDiffs, setOnlyDiffs] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ outcome: ScanOutcome; text: string } | null>(null);

  const draft = doc?.count.status === 'draft' && !postState?.posting;
  // A posted (or posting) count takes no scans: each is answered «refused», so nothing is counted by mistake.
  useScan(async (code) => {
    if (!doc) return 'refused';
    if (!draft) {
      setMessage({ outcome: 'refused', text: 'Инвентаризация проведена' });
      return 'refused';
    }
    const report = await scanIntoCount(countId, shelfNow.current.trim(), code);
    setMessage(report);
    return report.outcome;
  });

  const rows = useMemo(() => {
    const q = query.trim().toLocaleLowerCase('ru');
    return (doc?.rows ?? []).filter(
      (r) => (!onlyDiffs || r.difference !== 0) && (!q || r.name.toLocaleLowerCase('ru').includes(q)),
    );
  }, [doc, query, onlyDiffs]);

  if (doc === undefined) return <Page title={TITLE} />;
  if (doc === null)
    return (
      <NotFoundPage
        title={TITLE}
        heading="Инвентаризация не найдена"
        text="На устройстве нет такой инвентаризации: она удалена или ещё не загружена с сервера."
      />
    );
  const { count } = doc;

  function change(productId: string, c: CountChange) {
    void changeMyCount(countId, productId, shelf.trim(), c).then((done) => {
      if (done !== 'ok') setMessage({ outcome: 'refused', text: refusalText[done] });
    });
  }

  return (
    <Page title={count.name || TITLE}>
      <p className={css.notice}>
        {scopeText(count)} ·{' '}
        <span className={count.status === 'posted' ? css.posted : css.status}>
          {postState?.posting ? 'Проводится…' : statusText(count)}
        </span>
        {count.posted_at && ` · ${formatDateTime(count.posted_at)}`}
      </p>
      {postState?.refused && count.status === 'draft' && (
        <p className={css.refused} role="alert">
          Не проведена: {postState.refused}
        </p>
      )}
      <div className={css.toolbar}>
        {draft && (
          <TextField
            label="Полка"
            name="shelf"
            value={shelf}
            placeholder="Например, А-3"
            onChange={(e) => {
              shelfNow.current = e.target.value;
              setShelf(e.target.value);
              saveShelf(e.target.value);
            }}
          />
        )}
        <TextField
          label="Поиск"
          type="search"
          placeholder="Название товара"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label className={css.pickRow}>
          <input
            type="checkbox"
            className={css.checkbox}
            checked={onlyDiffs}
            onChange={(e) => setOnlyDiffs(e.target.checked)}
          />
          Только расхождения
        </label>
        {draft && <Button onClick={() => setConfirming(true)}>Провести</Button>}
      </div>
      {draft && <p className={css.notice}>Сканируйте товары: каждый скан — плюс одна штука на текущей полке.</p>}
      <p className={css.scanLine} role="status" data-outcome={message?.outcome}>
        {message?.text}
      </p>
      <CountTable rows={rows} shelf={shelf.trim()} onChange={draft ? change : undefined} />
      {draft && (
        <PostDialog
          open={confirming}
          onOpenChange={setConfirming}
          rows={doc.rows}
          onConfirm={() => {
            setConfirming(false);
            void postCount(countId);
          }}
        />
      )}
    </Page>
  );
}
