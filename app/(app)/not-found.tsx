// Inside the signed-in area a missing screen keeps the menu, so the user can go on from there.
import NotFoundView from '@/components/errors/NotFoundView';

export default function AppNotFound() {
  return <NotFoundView />;
}
