import { Navigate } from 'react-router';

// spec 1 §2: the verify routes redirect to / and open the auth dialog (completed by the Accounts issue).
export default function VerifyRoute() {
  return <Navigate to="/" replace state={{ openAuth: true, tab: 'verify' }} />;
}
