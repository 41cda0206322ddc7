import { createContext, useContext } from 'react';
import type { MapLayout } from '@tracemap/shell-core/tracking-plan';

/** Which sides nodes connect on follows the map's layout direction. */
export const MapDirectionContext = createContext<MapLayout>('LR');
export const useMapDirection = () => useContext(MapDirectionContext);
