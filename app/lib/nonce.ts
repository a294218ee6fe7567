import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (entry.server.tsx).
 * In the browser it is empty: browsers hide nonces from scripts, and hydration does not need them.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
