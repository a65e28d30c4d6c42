import { Card, Heading, Page } from '../../../ui/page.tsx';

/** /inventory/batches/{batch_id}: a placeholder showing «Партия» and the id (docs/screens.md «Адреса»). */
export function BatchPlaceholder({ batchId }: { batchId: string }) {
  return (
    <Page title="Партия">
      <Card>
        <Heading>Партия {batchId}</Heading>
      </Card>
    </Page>
  );
}
