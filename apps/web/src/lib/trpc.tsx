"use client";

import type { AppRouter } from "@hireflow/core";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import { createContext, useContext, useState, type ReactNode } from "react";
import { errorInfo } from "./errors";

export type Trpc = TRPCClient<AppRouter>;

const TrpcContext = createContext<Trpc | null>(null);

function onUnauthorized(error: unknown) {
  if (errorInfo(error).status === 401 && typeof window !== "undefined") {
    const next = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/sign-in?next=${encodeURIComponent(next)}`);
  }
}

/**
 * The browser's tRPC client (the vanilla client inside React Query): every request carries the
 * session's CSRF token, which the server-rendered layout passes in. A 401 (session ended) sends
 * the user to the sign-in page.
 */
export function TrpcProvider({ csrfToken, children }: { csrfToken: string; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onUnauthorized }),
        mutationCache: new MutationCache({ onError: onUnauthorized }),
        defaultOptions: {
          queries: { staleTime: 5_000, refetchOnWindowFocus: true, retry: (count, error) => count < 2 && (errorInfo(error).status ?? 500) >= 500 },
        },
      }),
  );
  const [client] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [httpLink({ url: "/api/trpc", headers: () => ({ "x-csrf-token": csrfToken }) })],
    }),
  );
  return (
    <TrpcContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </TrpcContext.Provider>
  );
}

export function useTrpc(): Trpc {
  const client = useContext(TrpcContext);
  if (!client) throw new Error("useTrpc outside TrpcProvider");
  return client;
}
