import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { authKeys } from './keys';

export const READYZ_PATH = '/readyz';

const StartingBody = z.object({ error: z.string(), progress: z.number() });

/** null when the server is ready (or says nothing about starting); else its progress text. */
export async function fetchStartupProgress(signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(READYZ_PATH, { signal, headers: { Accept: 'application/json' } });
    if (response.ok) return null;
    const body = StartingBody.safeParse(await response.json().catch(() => null));
    return body.success ? body.data.error : null;
  } catch {
    return null;
  }
}

/**
 * While the server starts (migrations, demo data, roll-ups) it answers /readyz with 503 and its progress,
 * 'Preparing demo data… 42 %': the sign-in page shows it, asking again every second until ready.
 */
export function useStartupProgress(): string | null {
  const { data } = useQuery({
    queryKey: authKeys.startupProgress,
    queryFn: ({ signal }) => fetchStartupProgress(signal),
    refetchInterval: (query) => (query.state.data ? 1000 : false),
    staleTime: 0,
    gcTime: 0,
  });
  return data ?? null;
}
