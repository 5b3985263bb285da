import { createContext, useContext } from 'react';

/**
 * A context through which any feature opens a dialog another part of the app owns, and the hook
 * that reads it; the hook fails loudly outside the provider.
 */
export function openerContext<TApi>(hookName: string, providerName: string) {
  const Context = createContext<TApi | null>(null);
  const useOpener = (): TApi => {
    const value = useContext(Context);
    if (!value) throw new Error(`${hookName} needs an <${providerName}>`);
    return value;
  };
  return [Context, useOpener] as const;
}
