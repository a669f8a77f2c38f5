/**
 * Whether an address of the app opens now. The app's route guards answer it (src/app/guards.tsx) with
 * the rule that decides their redirect, so a page offers a link only where the guard lets it through,
 * never one that bounces to the dashboard. Outside the app's routes (a page rendered alone) all open.
 */
import { createContext, useContext } from 'react';

export const CanOpenContext = createContext<(href: string) => boolean>(() => true);

export const useCanOpen = (): ((href: string) => boolean) => useContext(CanOpenContext);
