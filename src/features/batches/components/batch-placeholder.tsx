import { Card, Heading, Page } from '../../../ui/page.tsx';

/** /inventory/batches/{batch_id}: a placeholder showing «Партия» and the id (SPEC §2). */
export function BatchPlaceholder({ batchId }: { batchId: string }) {
  return (
    <Page title="Партия">
      <Card>
        <Heading>Партия {batchId}</Heading>
      </Card>
    </Page>
  );
}
