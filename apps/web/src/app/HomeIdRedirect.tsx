import { Navigate, useLocation, useParams } from 'react-router';

/** "Navigating by id goes to /home/{id}" (000 §2): an alias of the report page for that id. */
export function HomeIdRedirect() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/reports/${encodeURIComponent(id)}/${search}`} replace />;
}
