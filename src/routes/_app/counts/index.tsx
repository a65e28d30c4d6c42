import { createFileRoute } from '@tanstack/react-router';
import { CountsScreen } from '../../../features/counts/components/counts-screen.tsx';

export const Route = createFileRoute('/_app/counts/')({
  component: CountsScreen,
});
