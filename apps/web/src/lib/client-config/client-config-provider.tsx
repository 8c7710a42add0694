import type { ClientConfig } from '@qa/domain';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { BUILD_CLIENT_CONFIG, fetchClientConfig, readCachedClientConfig } from './client-config';

const ClientConfigContext = createContext<ClientConfig>(BUILD_CLIENT_CONFIG);

export function ClientConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<ClientConfig>(
    () => readCachedClientConfig() ?? BUILD_CLIENT_CONFIG,
  );

  useEffect(() => {
    let cancelled = false;
    fetchClientConfig().then(
      (fresh) => {
        // Not urgent: the shell's footer and the sign-in page's buttons render again, in slices.
        if (!cancelled) startTransition(() => setConfig(fresh));
      },
      (error: unknown) => {
        // Offline or server down: the cached or build-time values stay, the app keeps working.
        console.warn('client-config unavailable', error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  return useContext(ClientConfigContext);
}
