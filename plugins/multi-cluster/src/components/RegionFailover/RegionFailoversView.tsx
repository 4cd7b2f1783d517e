import { Route, Routes } from 'react-router-dom';
import { RegionFailoverDetail } from './RegionFailoverDetail';
import { RegionFailoverList } from './RegionFailoverList';

/** The fleet page's "Region failovers" tab: the list, and one by id. */
export function RegionFailoversView() {
  return (
    <Routes>
      <Route path="/" element={<RegionFailoverList />} />
      <Route path="/:id" element={<RegionFailoverDetail />} />
    </Routes>
  );
}
