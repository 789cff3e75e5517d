import { QueryClientProvider } from '@tanstack/react-query';
import { LocationProvider } from 'preact-iso';
import { queryClient } from '../lib/query-client';
import { AppRouter } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocationProvider scope="/app">
        <AppRouter />
      </LocationProvider>
    </QueryClientProvider>
  );
}
