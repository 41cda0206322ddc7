import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { CompanyAreaPage } from '../pages/company-area';
import { CompanyCreatePage } from '../pages/company-create';
import { CompanyListPage } from '../pages/company-list';
import { CompanySlackPage } from '../pages/company-slack';

/** Routes owned by mfe-company, relative to its prefix `/company`. */
export default function CompanyRoutes() {
  return (
    <div data-app="mfe-company">
      <Routes>
        <Route index element={<CompanyListPage />} />
        <Route path="create" element={<CompanyCreatePage />} />
        <Route path="slack" element={<CompanySlackPage />} />
        <Route path=":companyId">
          <Route index element={<CompanyAreaPage section="dashboard" />} />
          <Route path="users" element={<CompanyAreaPage section="users" />} />
          <Route path="settings" element={<CompanyAreaPage section="settings" />} />
          <Route path="subscription" element={<CompanyAreaPage section="subscription" />} />
          <Route path="analytics-discovery" element={<CompanyAreaPage section="analytics-discovery" />} />
          <Route path="maps" element={<CompanyAreaPage section="maps" />} />
          <Route path="maps/:mapId" element={<CompanyAreaPage section="maps" itemParam="mapId" />} />
          <Route path="views" element={<CompanyAreaPage section="views" />} />
          <Route path="views/:viewId" element={<CompanyAreaPage section="views" itemParam="viewId" />} />
          <Route path="attributes" element={<CompanyAreaPage section="attributes" />} />
          <Route path="attributes/:attributeId" element={<CompanyAreaPage section="attributes" itemParam="attributeId" />} />
          <Route path="events" element={<CompanyAreaPage section="events" />} />
          <Route path="events/:eventId" element={<CompanyAreaPage section="events" itemParam="eventId" />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
