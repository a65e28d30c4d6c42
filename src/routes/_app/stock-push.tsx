import { createFileRoute } from '@tanstack/react-router';
import { StockPushScreen } from '../../features/stock-push/components/stock-push-screen.tsx';

export const Route = createFileRoute('/_app/stock-push')({
  component: StockPushScreen,
});
