import { useParams } from 'react-router';
import { ReactFlowProvider } from '@xyflow/react';
import { useCompany } from '../../company-layout/context';
import { usePlanEditable } from '../../proposals/plan-editable';
import { MapEditor } from './map-editor';
import { prefetchMapFromUrl } from './prefetch-map';
import { MapStyles } from '../map-styles';
import { TrackingPlanStyles } from '../../tracking-plan/tracking-plan-styles';

// This module is fetched as soon as the app opens on a map's address: start on the map's data too.
prefetchMapFromUrl();

/** /company/:companyId/maps/:mapId: the map editor (read-only for viewers). */
export function MapPage() {
  const { mapId = '' } = useParams();
  const { companyId } = useCompany();
  const { canEdit } = usePlanEditable();
  return (
    <ReactFlowProvider>
      <TrackingPlanStyles />
      <MapStyles />
      <MapEditor key={mapId} companyId={companyId} mapId={mapId} canEdit={canEdit} />
    </ReactFlowProvider>
  );
}
