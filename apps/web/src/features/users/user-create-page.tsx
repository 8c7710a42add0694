import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /users/create: a new person. */
export function UserCreatePage() {
  return <PlaceholderPage titleKey="users.createTitle" />;
}
