import { useLocation } from 'react-router';

/** Prints the router's current path, so a test can assert where a navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}
