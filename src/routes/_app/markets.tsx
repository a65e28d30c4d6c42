import { createFileRoute } from '@tanstack/react-router';
import { MarketsList } from '../../features/markets/components/markets-list.tsx';

export const Route = createFileRoute('/_app/markets')({ component: MarketsList });
