import { ButtonAnchor } from '@tracemap/ui';

export interface MapShareControlProps {
  companyId: string;
  mapId: string;
  canEdit: boolean;
}

/** Share controls for one map (public link on/off, copy, revoke) shown in the map editor toolbar. */
export function MapShareControl({ mapId }: MapShareControlProps) {
  return (
    <ButtonAnchor href={`/map-preview/${encodeURIComponent(mapId)}`} target="_blank" rel="noreferrer">
      Open preview
    </ButtonAnchor>
  );
}
