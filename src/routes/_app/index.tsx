import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../ui/page.tsx';

export const Route = createFileRoute('/_app/')({ component: () => <Page title="Главная" /> });
