import { Navigate, useLocation, useParams } from 'react-router';

/** /home/{id}, navigating by id (docs/product/shell.md, 'Routes'): an alias of the report page for that id. */
export function HomeIdRedirect() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/reports/${encodeURIComponent(id)}/${search}`} replace />;
}
